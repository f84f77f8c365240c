/*
 * Text layers written by Skia (Chrome's "save as PDF", @napi-rs/canvas) and some other
 * producers map a glyph shared by an ideograph and a radical to the radical's code point:
 * 大 comes out as ⼤ (U+2F24), 门 as ⻔ (U+2ED4). Searches for 金额, 开户行 and the like
 * then fail. Kangxi radicals (U+2F00–2FDF) have NFKC forms, but some are traditional (⼾ →
 * 戶) and the CJK Radicals Supplement (U+2E80–2EFF) has none, so the mapping is data: pairs
 * of radical and Simplified Chinese ideograph, measured by writing every GB2312 character
 * through Skia with Noto Sans SC and reading it back with pdfjs (as Unicode's
 * EquivalentUnifiedIdeograph.txt lists them, simplified forms preferred).
 */

const PAIRS =
  '⺅亻⺉刂⺐尢⺒巳⺓幺⺕彐⺖忄⺘扌⺙攵⺟母⺠民⺡氵⺣灬⺦丬⺨犭⺭礻⺰纟⺺肀⺾艹⻁虎⻂衤⻅见⻆角⻈讠⻉贝⻋车⻌辶⻐钅⻓长⻔门⻖阝⻘青⻙韦⻚页⻛风⻜飞⻝食⻠饣⻢马⻣骨' +
  '⻤鬼⻥鱼⻦鸟⻧卤⻨麦⻩黄⻪黾⻬齐⻮齿⻰龙⻳龟⼀一⼁丨⼂丶⼃丿⼄乙⼆二⼇亠⼈人⼉儿⼊入⼋八⼌冂⼍冖⼎冫⼏几⼐凵⼑刀⼒力⼓勹⼔匕⼕匚⼗十⼘卜⼙卩⼚厂⼛厶⼜又⼝口⼞囗' +
  '⼟土⼠士⼡夂⼣夕⼤大⼥女⼦子⼧宀⼨寸⼩小⼫尸⼬屮⼭山⼮巛⼯工⼰己⼱巾⼲干⼴广⼵廴⼶廾⼷弋⼸弓⼺彡⼻彳⼼心⼽戈⼾户⼿手⽀支⽁攴⽂文⽃斗⽄斤⽅方⽆无⽇日⽈曰⽉月⽊木' +
  '⽋欠⽌止⽍歹⽎殳⽏毋⽐比⽑毛⽒氏⽓气⽔水⽕火⽖爪⽗父⽘爻⽙爿⽚片⽛牙⽜牛⽝犬⽞玄⽟玉⽠瓜⽡瓦⽢甘⽣生⽤用⽥田⽦疋⽧疒⽩白⽪皮⽫皿⽬目⽭矛⽮矢⽯石⽰示⽲禾⽳穴⽴立' +
  '⽵竹⽶米⽷糸⽸缶⽹网⽺羊⽻羽⽼老⽽而⽾耒⽿耳⾀聿⾁肉⾂臣⾃自⾄至⾅臼⾆舌⾇舛⾈舟⾉艮⾊色⾌虍⾍虫⾎血⾏行⾐衣⾔言⾕谷⾖豆⾗豕⾘豸⾚赤⾛走⾜足⾝身⾟辛⾠辰⾢邑⾣酉' +
  '⾥里⾦金⾩阜⾪隶⾫隹⾬雨⾮非⾯面⾰革⾲韭⾳音⾸首⾹香⾼高⾽髟⾿鬯⿀鬲⿅鹿⿇麻⿉黍⿊黑⿋黹⿍鼎⿎鼓⿏鼠⿐鼻⿕龠';

const TO_IDEOGRAPH = new Map<string, string>();
for (let i = 0; i < PAIRS.length; i += 2) TO_IDEOGRAPH.set(PAIRS[i]!, PAIRS[i + 1]!);

const RADICAL = /[\u2e80-\u2fdf\uf900-\ufaff]/g;

/** Radicals and compatibility ideographs to the ideographs they stand for; other text unchanged. */
export function unifyIdeographs(text: string): string {
  return text.replace(RADICAL, (c) => TO_IDEOGRAPH.get(c) ?? c.normalize('NFKC'));
}
