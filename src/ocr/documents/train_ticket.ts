import { z } from 'zod';
import type { trainTicketData } from '../../protocol/points/2582-24';
import { recognize, type OcrLine } from '../pipeline';
import { defineExtractor, type ExtractionNotes } from './extractor';
import {
  BARE_STATION, NOT_STATIONS, parseDate, parseIdName, parseLevel, parseNameLine, parsePrice, parseSeat,
  parseTime, PERSON_NAME, SEAT_CLASSES, STATION_WITH_SUFFIX, TRAIN_NUMBER,
} from './train_ticket/fields';
import { readRailwayText } from './railway/layout';
import { ticketSource } from './train_ticket/file';
import type { RailwayTicket } from './railway/eticket';
import { gap, placeLines, sameRow, uprightLines, type Placed } from './train_ticket/layout';
import { invoiceDate } from './vat_invoice/reading';

/*
 * 2582-24 train ticket, from a photo or, for the railway e-ticket (电子发票（铁路电子客票）), from its
 * PDF or OFD file (train_ticket/file.ts). The route row anchors the layout: the train number with one
 * station on each side (`安顺站 K492 贵阳站`; screenshots print the names without 站).
 * Everything else is found by its pattern (fields.ts), preferring the ticket's own lines
 * over text around it (a screenshot of a web page that repeats some values).
 */

type TrainTicket = z.infer<typeof trainTicketData>;

const options = z.object({});

interface Route {
  number: string;
  from?: Placed;
  to?: Placed;
  fromName: string;
  toName: string;
}

function stationName(line: Placed): { name: string; score: number } | null {
  const suffixed = STATION_WITH_SUFFIX.exec(line.compact);
  if (suffixed) return { name: suffixed[1]!, score: 2 };
  if (BARE_STATION.test(line.compact) && !NOT_STATIONS.has(line.compact) && !SEAT_CLASSES.includes(line.compact)) {
    return { name: line.compact, score: 1 };
  }
  return null;
}

function findRoute(lines: Placed[]): Route | null {
  let best: (Route & { score: number }) | null = null;
  for (const n of lines) {
    const merged = /^([\u4e00-\u9fff]{1,8})站([A-Z]?\d{1,4})次?([\u4e00-\u9fff]{1,8})站$/.exec(n.compact);
    if (merged) return { number: merged[2]!, fromName: merged[1]!, toName: merged[3]!, from: n, to: n };
    const number = TRAIN_NUMBER.exec(n.compact.toUpperCase());
    if (!number) continue;
    const near = (side: 1 | -1) => {
      let pick: { line: Placed; name: string; score: number; dist: number } | null = null;
      for (const s of lines) {
        if (s === n || !sameRow(n, s, 1.3) || Math.sign(s.x - n.x) !== side) continue;
        const station = stationName(s);
        const dist = side > 0 ? gap(n, s) : gap(s, n);
        if (station && dist < 6 * n.h && (!pick || station.score > pick.score || dist < pick.dist)) pick = { line: s, ...station, dist };
      }
      return pick;
    };
    const from = near(-1), to = near(1);
    const score = (from?.score ?? 0) + (to?.score ?? 0);
    if (!best || score > best.score) {
      best = { number: number[1]!, from: from?.line, to: to?.line, fromName: from?.name ?? '', toName: to?.name ?? '', score };
    }
  }
  if (best && best.score > 0) return best;
  // no train number read: the two 站 names of one row still give the route
  const suffixed = lines.filter((l) => STATION_WITH_SUFFIX.test(l.compact));
  for (const a of suffixed) {
    const b = suffixed.find((s) => s !== a && sameRow(a, s, 1.3) && s.x > a.x);
    if (b) return { number: best?.number ?? '', from: a, to: b, fromName: stationName(a)!.name, toName: stationName(b)!.name };
  }
  // four digits alone (a year, a phone extension) are a train number only beside stations
  return best && /^[A-Z]/.test(best.number) ? best : null;
}

/** Lines ordered by distance to an anchor, so the ticket's own value wins over a repeat elsewhere. */
function byDistance(lines: Placed[], anchor: Placed | undefined): Placed[] {
  if (!anchor) return lines;
  return [...lines].sort((a, b) => Math.hypot(a.x - anchor.x, a.y - anchor.y) - Math.hypot(b.x - anchor.x, b.y - anchor.y));
}

function firstOf<T>(lines: Placed[], parse: (text: string) => T | null | ''): [T, Placed] | null {
  for (const l of lines) {
    const v = parse(l.compact);
    if (v !== null && v !== '') return [v, l];
  }
  return null;
}

function travelDate(lines: Placed[], route: Route | null): string {
  const found = firstOf(lines, (t) => {
    const d = parseDate(t);
    return d && d.time ? d : null;
  }) ?? firstOf(lines, parseDate);
  if (!found) return '';
  const [{ date, time }] = found;
  if (time) return `${date}${time}`;
  // e-ticket screenshots print the departure time under the departure station
  const times = lines.filter((l) => /^\d{1,2}[:：]\d{2}(开)?$/.test(l.compact));
  const departure = route?.from ? byDistance(times, route.from)[0] : times[0];
  return departure ? `${date}${parseTime(departure.compact)}` : date;
}

/** A line with the lines right of it in its row, as the detector may cut `ID name` anywhere (an e-ticket prints the name a few centimetres after the ID). */
function rowFrom(lines: Placed[], first: Placed): string {
  const row = lines.filter((s) => s === first || (sameRow(first, s) && s.x > first.x && gap(first, s) < 10 * first.h));
  return row.sort((a, b) => a.x - b.x).map((l) => l.compact).join('');
}

function passengerName(lines: Placed[]): string {
  for (const l of lines) {
    if (!/\d{4,}[*＊xX]{2}/.test(l.compact)) continue;
    const id = parseIdName(rowFrom(lines, l));
    if (id?.name && PERSON_NAME.test(id.name)) return id.name;
  }
  const labelled = firstOf(lines, parseNameLine);
  if (labelled) return labelled[0];
  // 12306 passenger row: `张三  成人票`, the name a box of its own
  for (const type of lines.filter((l) => /^(?:成人|学生|儿童|残军)票/.test(l.compact))) {
    const name = lines.find((s) => s !== type && sameRow(type, s) && s.x < type.x && gap(s, type) < 6 * type.h && PERSON_NAME.test(s.compact));
    if (name) return name.compact;
  }
  return '';
}

/**
 * A ticket's fields from its lines in the ticket's frame (OCR of a photo, or an e-ticket file's
 * text); a railway e-ticket also prints its invoice number and date, read by railway/layout.ts.
 */
export function readTicket(lines: OcrLine[], notes: ExtractionNotes): TrainTicket {
  const placed = placeLines(lines);
  const route = findRoute(placed);
  const near = byDistance(placed, route?.from ?? route?.to);
  const price = firstOf(near, parsePrice);
  // the class is printed in the price row on paper tickets; anywhere near on screenshots
  const level = (price && firstOf(placed.filter((l) => sameRow(l, price[1])), parseLevel)) ?? firstOf(near, parseLevel);
  const eticket = readRailwayText(lines);
  const data: TrainTicket = {
    Name: passengerName(near),
    Date: travelDate(near, route),
    Seat: firstOf(near, parseSeat)?.[0] ?? '',
    Number: route?.number ?? '',
    Price: price?.[0] ?? 0,
    DepartureStation: route?.fromName ?? '',
    Level: level?.[0] ?? '',
    Destination: route?.toName ?? '',
    InvoiceNum: eticket?.invoiceNo ?? '',
    InvoiceDate: invoiceDate(eticket?.issueDate ?? ''),
  };
  // a ticket has its route row; without it, a date or a price alone (any receipt has those) is not a ticket
  const ticketish = [data.Seat, data.Level, data.Name].filter(Boolean).length;
  if (!route && ticketish < 2) notes.notThisDocument('no train number with its stations, and no seat or class: not a train ticket');
  return data;
}

/** An e-ticket's own record (its OFD's XBRL) over what its page was read as. */
function withRecord(read: TrainTicket, t: RailwayTicket | null): TrainTicket {
  if (!t) return read;
  const travel = invoiceDate(t.travelDate);
  return {
    Name: t.passenger || read.Name,
    Date: travel ? `${travel}${t.departureTime}` : read.Date,
    Seat: parseSeat(t.seat) || read.Seat,
    Number: t.trainNumber || read.Number,
    Price: Number(t.fare) || read.Price,
    DepartureStation: t.departure.replace(/站$/, '') || read.DepartureStation,
    Level: t.level || read.Level,
    Destination: t.destination.replace(/站$/, '') || read.Destination,
    InvoiceNum: t.invoiceNo || read.InvoiceNum,
    InvoiceDate: invoiceDate(t.issueDate) || read.InvoiceDate,
  };
}

export default defineExtractor({
  kind: 'train_ticket',
  point: '2582-24',
  options,
  async extract(image, _options, notes): Promise<TrainTicket> {
    const { lines } = await recognize(image);
    return readTicket(await uprightLines(image, lines), notes);
  },
  files: ['pdf', 'ofd'],
  async extractFile(file, _options, notes): Promise<TrainTicket> {
    const { lines, xbrl } = await ticketSource(file);
    return withRecord(readTicket(lines, notes), xbrl);
  },
});
