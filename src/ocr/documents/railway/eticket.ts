import type { XmlElement } from '../../xml/parse';
import { first, valueAt } from '../../xml/query';

/*
 * The railway e-ticket (电子发票（铁路电子客票）), a fully digital invoice since paper tickets
 * ended, as one record for both points that read it: 2582-22 (an invoice: number, date, buyer,
 * amounts) and 2582-24 (a ticket: train, stations, seat, passenger). Its files carry the
 * Ministry of Finance's XBRL (taxonomy rai, 2021-11-30) as an attachment; what its page prints
 * is read by layout in layout.ts into the same record.
 */

export interface RailwayTicket {
  title: string;
  /** 20 digits */
  invoiceNo: string;
  /** as written (2022-03-17) */
  issueDate: string;
  buyerName: string;
  buyerId: string;
  buyerAddress: string;
  buyerBank: string;
  /** decimals as written; fare is what was paid (票价, or the 退票费 of a refund) */
  withoutTax: string;
  tax: string;
  fare: string;
  taxRate: string;
  trainNumber: string;
  departure: string;
  destination: string;
  /** as written: 2022-03-01 or 2022年03月01日 */
  travelDate: string;
  /** HH:MM */
  departureTime: string;
  /** the class as printed (新空调软卧, 二等座): air-conditioning mark and seat level together */
  level: string;
  /** 01车05C号 */
  seat: string;
  passenger: string;
  idNumber: string;
}

export const emptyTicket = (): RailwayTicket => ({
  title: '', invoiceNo: '', issueDate: '', buyerName: '', buyerId: '', buyerAddress: '', buyerBank: '', withoutTax: '', tax: '', fare: '',
  taxRate: '', trainNumber: '', departure: '', destination: '', travelDate: '', departureTime: '', level: '', seat: '', passenger: '', idNumber: '',
});

/** The rai XBRL instance of a railway e-ticket; null for any other XML (a bank receipt's bker XBRL, say). */
export function fromRailwayXbrl(root: XmlElement): RailwayTicket | null {
  if (root.name !== 'xbrl') return null;
  const v = (name: string) => valueAt(first(root, name));
  const invoiceNo = v('ElectronicInvoiceRailwayETicketNumber');
  if (!invoiceNo) return null;
  const rate = v('TaxRate');
  return {
    title: v('TypeOfVoucher') || '电子发票（铁路电子客票）',
    invoiceNo,
    issueDate: v('DateOfIssue'),
    buyerName: v('NameOfPurchaser'),
    buyerId: v('UnifiedSocialCreditCodeOfPurchaser'),
    buyerAddress: v('AddressPhoneNumberOfPurchaser'),
    buyerBank: v('DepositBankAndAccountNumberOfPurchaser'),
    withoutTax: v('TotalAmountExcludingTax'),
    tax: v('TaxAmount'),
    fare: v('Fare') || v('AmountRefunded'),
    taxRate: /^0?\.\d+$/.test(rate) ? `${Math.round(Number(rate) * 10000) / 100}%` : rate,
    trainNumber: v('TrainNumber'),
    departure: v('DepartureStation'),
    destination: v('DestinationStation'),
    travelDate: v('TravelDate'),
    departureTime: v('DepartureTime'),
    level: `${v('AirConditioningCharacteristics')}${v('SeatLevel')}`,
    seat: `${v('Carriage')}${v('Seat')}`,
    passenger: v('Name'),
    idNumber: v('IdNumber'),
  };
}
