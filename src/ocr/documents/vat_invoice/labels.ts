/*
 * The printed labels of VAT invoices, as data. Every layout we read prints the same words:
 * paper special/normal invoices and the older electronic normal invoice (购买方/销售方 grid,
 * 购货单位/销货单位 on old paper), and the fully digital (全电/数电) invoice with 购买方信息 and
 * 销售方信息 side by side. Patterns allow the spaces print and OCR put inside labels
 * ("地 址、电 话", "校 验 码") and the known variants (帐/账, 统一社会信用代码/纳税人识别号).
 */

/** Tolerant label: the characters in order, any spaces between. */
const spaced = (word: string) => new RegExp(word.split('').map(escape).join('\\s*'));
function escape(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? `\\${c}` : c;
}

/** Party block labels (buyer and seller print the same four). */
export const PARTY = {
  // at the start of its line, or after the block's own title (货物或应税劳务、服务名称 is a table
  // head); "名 称" splits into "名" and "称：…" when printed wide: either half alone is a label too
  name: /(?<=^[\s购买销售方货单位信息]*)名\s*称|^称\s*[:：]|^名$/,
  registerNo: /(?:统一社会信用代码\s*[/／]?\s*)?纳\s*税\s*人\s*识\s*别\s*号|统一社会信用代码/,
  address: /地\s*址\s*[、,，.。]?\s*电\s*话|^址\s*[、,，]?\s*电\s*话/,
  bank: /开\s*户\s*行\s*及\s*[账帐]\s*号|开\s*户\s*银\s*行\s*及\s*[账帐]\s*号/,
} as const;
export type PartyField = keyof typeof PARTY;

/** Block titles (printed one character a line in the grid layout, so often read apart). */
export const BUYER = /购\s*买\s*方|购\s*货\s*单\s*位/;
export const SELLER = /销\s*售\s*方|销\s*货\s*单\s*位/;
/** The 全电 layout's side-by-side block titles. */
export const SIDE_BY_SIDE = /[购销]\s*[买售]\s*方\s*信\s*息/;

export const HEADER = {
  code: spaced('发票代码'),
  number: spaced('发票号码'),
  date: spaced('开票日期'),
  check: /校\s*验\s*码/,
  machine: spaced('机器编号'),
} as const;

export const SIGNATURES = {
  payee: /收\s*款\s*人/,
  checker: /复\s*核(?:\s*人)?(?=\s*[:：]|$)/,
  clerk: /开\s*票\s*人/,
} as const;

export const TOTALS = {
  /**
   * 价税合计（大写）… （小写）¥…; in small print 价税合计 may be misread (个税台计) where its
   * （大写）, printed on that row only, is read right; and 合 read 台, 写 read 号 (价税台计（大号）,
   * 小号）: the glyphs differ in a stroke or two at 10 px). 小号 alone is a word (goods' sizes), so
   * that misreading counts only closed by its bracket.
   */
  grand: /价\s*税\s*[合台]\s*计(?:\s*[(（]\s*大\s*[写号]\s*[)）])?|[(（]\s*大\s*[写号]\s*[)）]/,
  figures: /[(（]?\s*小\s*写\s*[)）]?|[(（]?\s*小\s*号\s*[)）]/,
  /** 合计 row: one item "合计", or "合" and "计" printed far apart */
  sum: /^合\s*计$/,
  sumHead: /^合$/,
  sumTail: /^计$/,
  /** table heads whose columns hold the amount and the tax of the 合计 row */
  amountHead: /^金\s*额$/,
  taxHead: /^税\s*额$/,
  goodsHead: /货物或应税劳务|项\s*目\s*名\s*称|规\s*格\s*型\s*号/,
} as const;

/** The seller's seal line at the bottom (销售方：（章）), wherever a stray seal character joins it. */
export const SEAL = /销\s*(?:售\s*方|货\s*单\s*位)\s*[:：]?\s*[(（]?\s*章/;

/** Cells that end a value on their row: the next label, the cipher and remark columns, the seal line. */
export const STOPS: RegExp[] = [
  ...Object.values(PARTY).map((re) => new RegExp(`^\\s*(?:${re.source})`)),
  ...Object.values(HEADER).map((re) => new RegExp(`^\\s*(?:${re.source})`)),
  ...Object.values(SIGNATURES).map((re) => new RegExp(`^\\s*(?:${re.source})\\s*[:：]`)),
  /^\s*(?:密\s*码\s*区|密|备\s*注|备)$/,
  SEAL,
  /^\s*[购销]\s*[买售]\s*方\s*信\s*息/,
];

/**
 * A label of something else: Chinese words and a colon, such as the page an invoice was captured
 * from prints beside it (下载次数：1, 查验次数：2). Never part of a value, unless it is one of the
 * labels a value cell itself may hold (an address cell's 电话：).
 */
export const FOREIGN_LABEL = /^\s*([\u4e00-\u9fff]{2,8})\s*[:：]/;
export const VALUE_LABELS = /^(?:电话|手机|地址|账号|帐号|开户行|传真|邮编|银行)/;

/** Notes printed inside a name or bank cell that are not part of the value (代开 invoices). */
export const ANNOTATIONS = /[(（]\s*(?:代开机关|完税凭证号|代开)\s*[)）]/g;

/** Cipher-area characters: a row of them is never a value (a check code is digits only). */
export const CIPHER = /^(?=.*[<>*/+\-])[0-9<>*/+\-]{20,}$/;

/** Money as printed: optional ¥ (OCR: ￥, Y, 羊), optional minus, two decimals. */
export const MONEY = /(?:[¥￥Y羊]\s*)?(-?\d{1,12}(?:,\d{3})*\.\d{2})(?!\d)/;

/** Invoice titles carry the kind: 专用发票, 普通发票, 电子普通发票, 电子发票（…）. */
export const TITLE = /发\s*票/;

/**
 * Groups of anchors: a page with fewer than MIN_ANCHORS of them is not a VAT invoice. A label
 * counts by the characters that tell it when small print loses the rest: a paper invoice pasted
 * on a sheet (its lines 15 px high, read through the camera's noise) gave 开户行及账片 and
 * 方户行及账 for 开户行及账号, and its block titles, printed one character a line beside the name
 * label, read into it (购名称, 销名称); its 开票日期, 校验码 and 税额 came back 票口期, 校验4421…,
 * 我额, and the four whole labels left it three anchors (bench seed 8).
 */
export const ANCHORS: RegExp[] = [
  TOTALS.grand,
  PARTY.registerNo,
  HEADER.date,
  /发\s*票\s*[代号]\s*码/,
  new RegExp(`${BUYER.source}|^购\\s*名\\s*称`, 'm'),
  new RegExp(`${SELLER.source}|^销\\s*名\\s*称`, 'm'),
  /开\s*户\s*(?:银\s*)?行\s*及\s*[账帐]/,
  /增\s*值\s*税|电\s*子\s*发\s*票/,
  HEADER.check,
  /税\s*额|税\s*率/,
];
export const MIN_ANCHORS = 4;
