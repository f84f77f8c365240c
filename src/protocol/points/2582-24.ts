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
});

export default definePoint({
  id: '2582-24',
  title: '火车票识别',
  summary: 'Train ticket recognition.',
  methods: ['POST'],
  auth: 'any',
  acceptsAsync: true,
  request: z.object({ ...imageRequest }),
  response: recognitionBody(trainTicketData),
});
