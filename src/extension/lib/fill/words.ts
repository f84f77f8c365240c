/*
 * What web forms call each recognized field: the one table to extend when a form is not filled
 * right. Keys are the fields' wire names (ViewField.key); a key shared by several documents shares
 * its words unless the table has `<document>.<key>` (taxi.Date: a taxi ride's date is also its
 * invoice date, a train's travel date is not). Per field:
 *
 * - `zh`, `en`: labels as people write them, IN ORDER OF PREFERENCE: where a form has a box for
 *   several of them (价税合计 and 金额), the field goes to the earlier one. Latin words match whole
 *   words only (`to` never matches `total`).
 * - `py`: pinyin initials and other codes developers put in input names and ids (`fphm`,
 *   `mx[0].je`); matched in names and ids only, as whole words.
 * - a word may depend on the boxes around it (the same detail row, or the same form):
 *   `{ word, beside: [keys] }` counts only when the form also has a box for one of those fields,
 *   `{ word, unless: [keys] }` only when it has none. 金额 next to 税额 is the amount before tax, as
 *   the invoice prints it; 金额 alone on a claim form is what was paid.
 * - `not`: words that, in a label, say the box is something else (大写 for the figures).
 * - `kind`: how the value is shaped for the box (fill/shape.ts): amounts lose ¥ and separators,
 *   dates take the format the box shows, codes lose spaces.
 * - `short: 'last'`: a box that holds fewer characters than the value wants its last ones
 *   (校验码后六位 with maxlength 6). Other fields are never cut.
 */

export type ValueKind = 'text' | 'amount' | 'date' | 'time' | 'code';

export type Word = string | { word: string; beside: readonly string[] } | { word: string; unless: readonly string[] };

export interface FieldWords {
  zh: readonly Word[];
  en?: readonly Word[];
  py?: readonly Word[];
  not?: readonly string[];
  kind?: ValueKind;
  short?: 'last';
}

// what was paid, as claim forms word it: every document's total takes these
const paidZh = ['发票金额', '报销金额', '票面金额', '总金额', '合计'];
const paidPy = ['fpje', 'bxje', 'zje'];
// the day of the expense, whatever the document; never the day a claim was made
const dayZh = ['费用日期', '发生日期', '消费日期', '日期'];
const notThatDay = ['申请', '填报', '填表', '制单', '报销日期', '审批', '出生', '入职', '有效'];
const beforeTaxBeside = ['TaxAmount', 'InvoiceAmount'];
const invoiceNo: FieldWords = {
  zh: ['发票号码', '发票号', '票据号码', '发票编号', '票号'],
  en: ['invoice no', 'invoice number', 'invoice num'],
  py: ['fphm', 'fph'],
  not: ['代码'],
  kind: 'code',
};
const vin: FieldWords = { zh: ['车辆识别代号', '车架号', 'vin码'], en: ['vin', 'chassis number'], py: ['cjh', 'vin'] };

export const fieldWords: Record<string, FieldWords> = {
  // VAT invoices (and the codes and numbers of taxi invoices)
  InvoiceCode: { zh: ['发票代码', '票据代码'], en: ['invoice code'], py: ['fpdm'], not: ['号码'], kind: 'code' },
  InvoiceNo: invoiceNo,
  InvoiceNum: invoiceNo,
  InvoiceDate: {
    zh: ['开票日期', '发票日期', '开具日期', ...dayZh],
    en: ['invoice date', 'billing date', 'date'],
    py: ['kprq', 'fprq', 'rq'],
    not: notThatDay,
    kind: 'date',
  },
  AntiFakeCode: { zh: ['校验码', '发票校验码', '防伪码'], en: ['check code', 'verification code'], py: ['jym'], kind: 'code', short: 'last' },
  InvoiceType: { zh: ['发票类型', '发票种类', '票据类型', '票种'], en: ['invoice type'], py: ['fplx'] },
  PayerName: {
    zh: ['购买方名称', '购买方', '购方名称', '购方', '付款方', '付款单位', '发票抬头', '抬头'],
    en: ['buyer name', 'buyer', 'purchaser', 'payer name', 'bill to'],
    py: ['gfmc', 'gmfmc'],
    not: ['税号', '识别号', '地址', '开户', '账号'],
  },
  PayerRegisterNo: {
    zh: ['购买方纳税人识别号', '购买方税号', '购方税号', '购方识别号', '纳税人识别号', '统一社会信用代码', '税号'],
    en: ['buyer tax id', 'buyer taxpayer id', 'tax id'],
    py: ['gfsh', 'gfsbh', 'gmfsbh', 'nsrsbh'],
  },
  PayerAddress: { zh: ['购买方地址电话', '购方地址电话', '购买方地址'], en: ['buyer address'], py: ['gfdzdh'] },
  PayerBankName: { zh: ['购买方开户行及账号', '购方开户行及账号', '购买方开户行'], en: ['buyer bank'], py: ['gfyhzh'] },
  WithoutTaxAmount: {
    zh: ['不含税金额', '金额不含税', '未税金额', '税前金额', { word: '金额', beside: beforeTaxBeside }, { word: '合计金额', beside: beforeTaxBeside }],
    en: ['amount before tax', 'amount excluding tax', 'net amount', 'subtotal', { word: 'amount', beside: beforeTaxBeside }],
    py: ['bhsje', { word: 'je', beside: beforeTaxBeside }],
    not: ['价税合计', '大写', '税额'],
    kind: 'amount',
  },
  TaxAmount: { zh: ['税额', '合计税额', '税金', '增值税额', '进项税额', '可抵扣税额'], en: ['tax amount', 'vat amount', 'tax'], py: ['se', 'hjse'], not: ['税率'], kind: 'amount' },
  InvoiceAmount: {
    zh: ['价税合计', '价税合计小写', '含税金额', ...paidZh, { word: '金额', unless: ['TaxAmount'] }, { word: '合计金额', unless: ['TaxAmount'] }],
    en: ['total amount', 'amount including tax', 'invoice amount', 'total', { word: 'amount', unless: ['TaxAmount'] }],
    py: ['jshj', 'hsje', ...paidPy, { word: 'je', unless: ['TaxAmount'] }],
    not: ['大写', '不含税', '未税', '税前', '税额'],
    kind: 'amount',
  },
  SumAmount: { zh: ['价税合计大写', '大写金额', '金额大写', '合计大写', '大写'], en: ['amount in words', 'total in words'], py: ['jshjdx', 'dxje'] },
  PayeeName: {
    zh: ['销售方名称', '销售方', '销方名称', '销方', '开票单位', '开票方', '收款单位', '商户名称', '供应商'],
    en: ['seller name', 'seller', 'vendor', 'supplier', 'merchant'],
    py: ['xfmc', 'xsfmc'],
    not: ['税号', '识别号', '地址', '开户', '账号'],
  },
  PayeeRegisterNo: { zh: ['销售方纳税人识别号', '销售方税号', '销方税号', '销方识别号'], en: ['seller tax id', 'seller taxpayer id', 'vendor tax id'], py: ['xfsh', 'xfsbh', 'xsfsbh'] },
  PayeeAddress: { zh: ['销售方地址电话', '销方地址电话', '销售方地址'], en: ['seller address'], py: ['xfdzdh'] },
  PayeeBankName: { zh: ['销售方开户行及账号', '销方开户行及账号', '销售方开户行'], en: ['seller bank'], py: ['xfyhzh'] },
  Payee: { zh: ['收款人'], en: ['payee'], py: ['skr'] },
  Checker: { zh: ['复核人', '复核'], en: ['reviewer', 'checker'], py: ['fhr'] },
  Clerk: { zh: ['开票人'], en: ['issuer', 'clerk', 'drawer'], py: ['kpr'] },
  // train tickets
  Number: { zh: ['车次', '车次号'], en: ['train number', 'train no'], py: ['cc'] },
  DepartureStation: {
    zh: ['出发站', '始发站', '出发地', '出发城市', '起点', '出发'],
    en: ['departure station', 'departure', 'from', 'origin'],
    py: ['cfz', 'cfd'],
  },
  Destination: { zh: ['到达站', '目的站', '到达地', '目的地', '到达城市', '终点', '到达'], en: ['arrival station', 'destination', 'to', 'arrival'], py: ['ddz', 'ddd', 'mdd'] },
  // the train's travel date (and its departure time, for a time box)
  Date: {
    zh: ['乘车日期', '出发日期', '出行日期', '发车时间', '出发时间', ...dayZh],
    en: ['travel date', 'departure date', 'date'],
    py: ['ccrq', 'cfrq', 'rq'],
    not: notThatDay,
    kind: 'date',
  },
  Seat: { zh: ['座位号', '座位', '座号'], en: ['seat', 'seat no'], py: ['zwh'], not: ['等级', '类型'] },
  Level: { zh: ['席别', '座位等级', '座席', '席位', '座位类型', '舱位'], en: ['seat class', 'class'] },
  Price: {
    zh: ['票价', '车票金额', '价税合计', ...paidZh, '金额', '价格'],
    en: ['ticket price', 'fare', 'price', 'amount', 'total'],
    py: ['pj', 'jshj', ...paidPy, 'je'],
    not: ['大写', '不含税', '税额'],
    kind: 'amount',
  },
  Name: { zh: ['乘车人', '乘客姓名', '旅客姓名', '乘客', '出行人', '姓名'], en: ['passenger', 'full name', 'name'], py: ['ccr', 'xm'] },
  // taxi invoices (keyed items)
  'taxi.Date': {
    zh: ['乘车日期', '开票日期', '发票日期', '出行日期', ...dayZh],
    en: ['ride date', 'invoice date', 'date'],
    py: ['ccrq', 'kprq', 'rq'],
    not: notThatDay,
    kind: 'date',
  },
  PlateNumber: { zh: ['车牌号码', '号牌号码', '车牌号', '车号', '车牌'], en: ['plate number', 'license plate', 'plate'], py: ['cph', 'hphm'] },
  Time: { zh: ['上下车时间', '乘车时间', '上车时间', '起止时间', '时间'], en: ['time'], py: ['sj'], not: ['日期', '等候'], kind: 'time' },
  Amount: {
    zh: ['实收金额', '车费', '价税合计', ...paidZh, '金额'],
    en: ['amount', 'fare', 'total'],
    py: ['jshj', ...paidPy, 'je'],
    not: ['大写', '不含税', '税额', '单价'],
    kind: 'amount',
  },
  Mileage: { zh: ['里程', '公里数', '行驶里程'], en: ['mileage', 'distance'], py: ['lc'] },
  UnitPrice: { zh: ['单价'], en: ['unit price'], py: ['dj'], kind: 'amount' },
  WaitingTime: { zh: ['等候时间', '等候'], en: ['waiting time'] },
  Surcharge: { zh: ['附加费', '燃油附加费'], en: ['surcharge'], kind: 'amount' },
  // VIN and licences
  VinCode: vin,
  Vin: vin,
  LicenseNumber: { zh: ['驾驶证号', '证号', '身份证号'], en: ['license number', 'licence number'], py: ['jszh', 'sfzh'] },
  Gender: { zh: ['性别'], en: ['gender', 'sex'] },
  Address: { zh: ['住址', '地址'], en: ['address'], py: ['zz', 'dz'] },
  VehicleType: { zh: ['准驾车型', '车辆类型', '车型'], en: ['vehicle class', 'vehicle type', 'license class'], py: ['zjcx', 'cllx'] },
  IssueDate: { zh: ['初次领证日期', '发证日期', '领证日期'], en: ['first issue date', 'issue date'], py: ['fzrq'], kind: 'date' },
  StartDate: { zh: ['有效起始日期', '起始日期'], en: ['valid from', 'start date'], kind: 'date' },
  EndDate: { zh: ['有效期限', '有效期至', '截止日期'], en: ['valid until', 'expiry date', 'end date'], kind: 'date' },
  ArchiveNumber: { zh: ['档案编号'], en: ['file number', 'archive number'], py: ['dabh'] },
  FileNumber: { zh: ['档案编号'], en: ['file number'], py: ['dabh'] },
  RegisterDate: { zh: ['注册日期', '注册登记日期'], en: ['registration date', 'register date'], py: ['zcrq'], kind: 'date' },
  UseCharacter: { zh: ['使用性质'], en: ['use character', 'usage'] },
  Owner: { zh: ['所有人', '车主'], en: ['owner'] },
  EngineNumber: { zh: ['发动机号码', '发动机号'], en: ['engine number', 'engine no'], py: ['fdjh'] },
  Model: { zh: ['品牌型号', '车型'], en: ['brand model', 'model'], py: ['ppxh'] },
  ApprovedPassengerCapacity: { zh: ['核定载人数'], en: ['passenger capacity', 'seats'] },
  GrossMass: { zh: ['总质量'], en: ['gross mass', 'gross weight'] },
  UnladenMass: { zh: ['整备质量'], en: ['curb weight', 'unladen mass'] },
  ApprovedLoad: { zh: ['核定载质量'], en: ['approved load', 'payload'] },
  OverallDimension: { zh: ['外廓尺寸'], en: ['overall dimension', 'dimensions'] },
  TractionMass: { zh: ['准牵引总质量'], en: ['traction mass'] },
  EnergyType: { zh: ['能源类型', '燃料种类'], en: ['energy type', 'fuel type'] },
  InspectionRecord: { zh: ['检验记录'], en: ['inspection record'] },
};

/** The table's entry for a field of a document: `<document>.<key>` when there is one, else `<key>`. */
export function tableKey(kind: string | undefined, key: string): string {
  return kind && `${kind}.${key}` in fieldWords ? `${kind}.${key}` : key;
}

/** Words that start a placeholder without naming anything: "请输入发票号码" names 发票号码. */
export const promptWords = ['请输入', '请选择', '请填写', '请录入', '输入', '选择', '填写', 'please enter', 'please select', 'enter', 'select', 'type'];

/**
 * Words that tell a select's options apart when the value is worded differently: a title printed
 * 电子发票（普通发票） picks the option 普票, never 专票. Each group is one meaning.
 */
export const optionMeanings: readonly (readonly string[])[] = [
  ['专用发票', '专票', '专用'],
  ['普通发票', '普票', '普通'],
  ['电子', '数电', '全电'],
  ['纸质', '纸票'],
];

/**
 * Labels of the UI libraries Chinese office systems are built with, for a form item whose label
 * is not a <label for> and not the text just before the input (fill/describe.ts): per library the
 * form item and its label element inside it.
 */
export const formItemLabels: readonly { item: string; label: string }[] = [
  { item: '.el-form-item', label: '.el-form-item__label' }, // Element UI, Element Plus
  { item: '.ant-form-item', label: '.ant-form-item-label' }, // Ant Design
  { item: '.ivu-form-item', label: '.ivu-form-item-label' }, // iView / View UI
  { item: '.layui-form-item, .layui-inline', label: '.layui-form-label' }, // layui
  { item: '.form-group, .mb-3, .row', label: 'label, .col-form-label, .control-label' }, // Bootstrap
  { item: '.arco-form-item', label: '.arco-form-item-label' }, // Arco Design
  { item: '.n-form-item', label: '.n-form-item-label' }, // Naive UI
  { item: '.t-form__item', label: '.t-form__label' }, // TDesign
  { item: '.van-field', label: '.van-field__label' }, // Vant
];
