import { z } from 'zod';
import { definePoint } from '../point';
import { imageRequest, recognitionBody } from '../recognition';

export const trainTicketData = z.object({
  Name: z.string().describe('passenger name'),
  Date: z.string().describe('travel date and time as printed without 开, e.g. 2023年09月23日18:10'),
  Seat: z.string().describe('carriage and seat as printed, e.g. 13车16B号'),
  Number: z.string().describe('train number, e.g. G1234'),
  Price: z.number().describe('ticket price in yuan'),
  DepartureStation: z.string().describe('departure station without the trailing 站'),
  Level: z.string().describe('seat class as printed, e.g. 二等座'),
  Destination: z.string().describe('destination station without the trailing 站'),
  InvoiceNum: z.string().describe('railway e-ticket (电子发票（铁路电子客票）): its 20-digit invoice number, "" on paper tickets (beyond the original fields)'),
  InvoiceDate: z.string().describe('railway e-ticket: its date of issue, e.g. 2022年03月17日, "" on paper tickets (beyond the original fields)'),
});

export default definePoint({
  id: '2582-24',
  title: '火车票识别',
  summary: 'Train ticket recognition: paper tickets and 12306 screenshots from images, railway e-tickets (电子发票（铁路电子客票）) also from their PDF or OFD file.',
  methods: ['POST'],
  auth: 'any',
  acceptsAsync: true,
  request: z.object({
    ...imageRequest,
    ImageURL: imageRequest.ImageURL.describe('http, https or data: URL of the image (up to 3 MB), or of a railway e-ticket PDF or OFD (up to 10 MB)'),
  }),
  response: recognitionBody(trainTicketData),
});
