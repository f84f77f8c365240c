import { describe, expect, it } from 'vitest';
import { hasSuffix, prefixEnd, stem } from '../../../src/gateway/postal/names';

describe('stem', () => {
  it.each([
    ['北京市', '北京'],
    ['广西壮族自治区', '广西'],
    ['新疆维吾尔自治区', '新疆'],
    ['宁夏回族自治区', '宁夏'],
    ['内蒙古自治区', '内蒙古'],
    ['西藏自治区', '西藏'],
    ['香港特别行政区', '香港'],
    ['黑龙江省', '黑龙江'],
    ['延边朝鲜族自治州', '延边'],
    ['恩施土家族苗族自治州', '恩施'],
    ['伊犁哈萨克自治州', '伊犁'],
    ['巴音郭楞蒙古自治州', '巴音郭楞'],
    ['双江拉祜族佤族布朗族傣族自治县', '双江'],
    ['塔什库尔干塔吉克自治县', '塔什库尔干'],
    ['龙胜各族自治县', '龙胜'],
    ['三都水族自治县', '三都'],
    ['长白朝鲜族自治县', '长白'],
    ['东乡族自治县', '东乡'],
    ['鄂温克族自治旗', '鄂温克'],
    ['锡林郭勒盟', '锡林郭勒'],
    ['大兴安岭地区', '大兴安岭'],
    ['神农架林区', '神农架'],
    ['浦东新区', '浦东'],
    ['海淀区', '海淀'],
    ['赵县', '赵'],
    ['科尔沁左翼中旗', '科尔沁左翼中'],
    ['中关村街道', '中关村'],
    ['东华门街道办事处', '东华门'],
    ['喇叭沟门满族乡', '喇叭沟门'],
    ['城关镇', '城关'],
    ['恩施州', '恩施'],
    ['自治区直辖县级行政区划', '自治区直辖县级行政区划'],
    ['区', '区'],
    ['', ''],
  ])('%s → %s', (name, expected) => {
    expect(stem(name)).toBe(expected);
  });

  it('keeps a township name whose last character is also a group name, unless 族 follows', () => {
    expect(stem('白水镇')).toBe('白水');
    expect(stem('黄水乡')).toBe('黄水');
    expect(stem('周覃水族乡')).toBe('周覃');
    expect(stem('长阳土家族自治县')).toBe('长阳');
  });

  it('tells names with a suffix from names without', () => {
    expect(hasSuffix('海淀区')).toBe(true);
    expect(hasSuffix('海淀')).toBe(false);
    expect(hasSuffix('广西省')).toBe(true);
    expect(hasSuffix('区')).toBe(false);
  });
});

describe('prefixEnd', () => {
  it('bounds exactly the strings that start with the prefix, in code-point order', () => {
    const sorted = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
    const end = prefixEnd('北京');
    for (const inside of ['北京', '北京市', '北京\u{FFFF}', '北京😀']) {
      expect(sorted(inside, '北京')).toBeGreaterThanOrEqual(0);
      expect(sorted(inside, end), inside).toBeLessThan(0);
    }
    for (const outside of ['北亰', '北', '北', '北二']) {
      const inRange = sorted(outside, '北京') >= 0 && sorted(outside, end) < 0;
      expect(inRange, outside).toBe(false);
    }
  });
});
