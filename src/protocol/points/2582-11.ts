import { z } from 'zod';
import { intString, boolString } from '../fields';
import { definePoint } from '../point';
import { imageRequest, recognitionBody } from '../recognition';

export const generalTextData = z.object({
  Results: z.array(
    z.object({
      Text: z.string(),
      Probability: z.number().min(0).max(1).optional().describe('present when OutputProbability=true'),
      TextRectangles: z.object({
        Left: z.number(),
        Top: z.number(),
        Width: z.number(),
        Height: z.number(),
        Angle: z.number().describe('degrees in [-180, 180]'),
      }),
    }),
  ),
});

export default definePoint({
  id: '2582-11',
  title: '通用文字识别',
  summary: 'General text recognition, lines in reading order.',
  methods: ['POST'],
  auth: 'any',
  acceptsAsync: true,
  request: z.object({
    ...imageRequest,
    MinHeight: intString({ min: 0, max: 10_000 }).describe('drop text lines shorter than this many pixels'),
    OutputProbability: boolString(false).describe('true to output each line probability'),
  }),
  response: recognitionBody(generalTextData),
});
