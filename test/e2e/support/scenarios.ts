import type { HistoryEntry } from '../../../src/protocol/messages';
import { vatData } from '../../extension/fixtures/data';
import { type Route, html } from './pages';

/*
 * What the same user scenarios expect in Chromium (extension.e2e.test.ts, recognition.e2e.test.ts)
 * and in Firefox (firefox.e2e.test.ts): the pages, the inputs and what the user must see. The
 * drivers differ (playwright, puppeteer over BiDi); the scenarios and their answers do not.
 */

/** The options page's connection test with a valid token. */
export const connectionOk = /^连接正常（\d+ ms），token 有效$/;
export const expiredTokenAlert = 'token 已过期或无效，请在设置页更换或请管理员续期（网关说明：the token expired; extend it with 2141-3）';

/** Postal search by code: the fixture's three streets of 100089, and a copied row. */
export const postalByCode = { code: '100089', counties: ['万柳地区', '八里庄街道', '曙光街道'], copied: /^北京市 北京市 海淀区 \S+ 100089$/ };

/** A plate photo of the shared corpus, served by a test page, and what the popup shows. */
export const platePhoto = { corpusFile: 'plate/ccpd_base_01.jpg', plate: '皖AYL375', plateType: '小型汽车' };

/** A reimbursement form on a local page, filled from a VAT invoice of the history. */
export const reimbursementForm: Route = html(`<h1>报销单</h1><form>
    <label>发票代码 <input id="code"></label>
    <label>发票号码 <input id="no"></label>
    <label for="date">开票日期</label><input id="date" type="date">
    <label>价税合计 <input id="total" type="number" step="0.01"></label>
    <label>销售方名称 <input id="seller"></label>
    <label>备注 <input id="note"></label>
    <input id="free" placeholder="其他">
  </form><script>
    window.events = [];
    document.querySelector('form').addEventListener('input', (e) => window.events.push(e.target.id));
  </script>`);

export const vatEntry = (at = Date.UTC(2024, 4, 8, 2, 30)): HistoryEntry => ({
  id: 'vat-1',
  at,
  docId: 'vat',
  status: 'ok',
  requestId: 'demo-request',
  source: { via: 'url', pageUrl: 'https://example.com/', srcUrl: 'https://example.com/invoice.png' },
  data: vatData,
});

/** What the form holds after 确认填入 (id → value), and the fields the page saw an input event on. */
export const filledForm = {
  summary: '已填入 5 项',
  values: { code: '011002100111', no: '12345678', date: '2023-05-08', total: '59.55', seller: '北京示例餐饮有限公司', note: '' },
  events: ['code', 'date', 'no', 'seller', 'total'],
};
