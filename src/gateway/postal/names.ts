/*
 * Region names without their administrative suffix ("stems"), so that 广西 = 广西壮族自治区,
 * 海淀县 ≈ 海淀区 and 东华门街道办事处 ≈ 东华门街道. The stem of every stored name is computed once,
 * at import time, into a *_norm column; a query name is reduced the same way.
 */

/** Suffixes, longest first so 自治州 wins over 州 and 街道办事处 over 街道. */
const SUFFIXES = [
  '特别行政区',
  '街道办事处',
  '民族乡',
  '自治区',
  '自治州',
  '自治县',
  '自治旗',
  '办事处',
  '地区',
  '林区',
  '新区',
  '街道',
  '苏木',
  '省',
  '市',
  '区',
  '县',
  '盟',
  '旗',
  '镇',
  '乡',
  // 恩施州, 延边州: the usual short form of 自治州
  '州',
] as const;

/**
 * After these suffixes a run of ethnic-group names is part of the administrative title, not of the
 * place name: 延边朝鲜族自治州 → 延边, 双江拉祜族佤族布朗族傣族自治县 → 双江, 喇叭沟门满族乡 → 喇叭沟门.
 */
const AUTONOMOUS = new Set(['自治区', '自治州', '自治县', '自治旗']);
const ETHNIC_TOWNSHIP = new Set(['乡', '民族乡', '苏木', '镇']);

/** The 55 minority groups as they appear in names, and 各 of 各族 (龙胜各族自治县); longest first (土家 before 土). */
const ETHNIC = [
  '柯尔克孜', '乌孜别克', '维吾尔', '哈萨克', '塔吉克', '达斡尔', '鄂温克', '鄂伦春', '俄罗斯', '塔塔尔',
  '蒙古', '布依', '朝鲜', '土家', '哈尼', '傈僳', '拉祜', '东乡', '纳西', '景颇', '仫佬', '布朗', '撒拉',
  '毛南', '仡佬', '锡伯', '阿昌', '普米', '德昂', '保安', '裕固', '独龙', '赫哲', '门巴', '珞巴', '基诺',
  '高山', '回', '藏', '苗', '彝', '壮', '满', '侗', '瑶', '白', '傣', '黎', '佤', '畲', '水', '羌', '怒',
  '土', '京', '各',
].sort((a, b) => b.length - a.length);

/** Characters, not UTF-16 units: every name here is in the BMP, but a stem length is a count of characters. */
function length(s: string): number {
  return [...s].length;
}

/**
 * Strips trailing ethnic-group names; `needZu` when they must carry 族 (township names, where a bare
 * 水 or 白 is more likely part of the place name). Keeps at least two characters of the place name.
 */
function stripEthnic(name: string, needZu: boolean): string {
  let rest = name;
  for (;;) {
    let next: string | undefined;
    for (const group of ETHNIC) {
      for (const written of needZu ? [`${group}族`] : [`${group}族`, group]) {
        if (rest.endsWith(written) && length(rest) - length(written) >= 2) {
          next = rest.slice(0, -written.length);
          break;
        }
      }
      if (next !== undefined) break;
    }
    if (next === undefined) break;
    rest = next;
  }
  // 东乡族自治县, 鄂温克族自治旗: the group is the place name; 族 alone is still title
  if (rest !== name || !rest.endsWith('族') || length(rest) < 3) return rest;
  return needZu ? rest : rest.slice(0, -1);
}

/**
 * The stem of a region name: one administrative suffix removed (and, after 自治X / 乡, the ethnic
 * groups before it), never down to nothing. A name without a known suffix is its own stem.
 */
export function stem(name: string): string {
  const n = name.trim();
  for (const suffix of SUFFIXES) {
    if (!n.endsWith(suffix) || length(n) <= length(suffix)) continue;
    const rest = n.slice(0, -suffix.length);
    if (AUTONOMOUS.has(suffix)) return stripEthnic(rest, false);
    if (ETHNIC_TOWNSHIP.has(suffix)) return stripEthnic(rest, true);
    return rest;
  }
  return n;
}

/** True when a query name carries a suffix, so comparing stems may find what its letters do not. */
export function hasSuffix(name: string): boolean {
  return stem(name) !== name.trim();
}

/**
 * The exclusive upper bound of the strings that start with `prefix` in code-point order (SQLite
 * BINARY and PostgreSQL COLLATE "C" on UTF-8 both compare that way): prefix + U+10FFFF.
 * A range instead of LIKE keeps both engines on their b-tree indexes and needs no escaping.
 */
export function prefixEnd(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}
