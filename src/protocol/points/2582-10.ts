import { z } from 'zod';
import { boolString } from '../fields';
import { definePoint } from '../point';
import { imageRequest, recognitionBody } from '../recognition';

export const tableCell = z.object({
  Texts: z.array(z.string()).describe('text of the cell, one entry per line'),
  StartRow: z.number().int(),
  StartColumn: z.number().int(),
  EndRow: z.number().int().describe('row span = EndRow - StartRow'),
  EndColumn: z.number().int().describe('column span = EndColumn - StartColumn'),
  Width: z.number(),
  Height: z.number(),
});

export const tableData = z.object({
  Tables: z.array(
    z.object({
      Head: z.string().describe('text above the table'),
      Tail: z.string().describe('text below the table'),
      TableRows: z.array(z.object({ TableColumns: z.array(tableCell) })),
    }),
  ),
  FileContent: z.string().describe('HTML of all tables, with rowspan/colspan'),
});

export default definePoint({
  id: '2582-10',
  title: '表格识别',
  summary: 'Table recognition (tables with complete ruling lines).',
  methods: ['POST'],
  auth: 'any',
  acceptsAsync: true,
  request: z.object({
    ...imageRequest,
    OutputFormat: z.enum(['html', 'json']).optional().transform((v) => v ?? 'html').describe('html (default) or json'),
    AssureDirection: boolString(false).describe('true when the scan may be rotated'),
  }),
  response: recognitionBody(tableData),
});
