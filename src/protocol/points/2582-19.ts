import { z } from 'zod';
import { definePoint } from '../point';
import { imageRequest, recognitionBody, side } from '../recognition';

export const driverLicenseData = z.object({
  FaceResult: z.object({
    Name: z.string().describe('name; NoResult when not readable, InvalidInput when the image is not a driver license'),
    LicenseNumber: z.string().describe('license number; NoResult or InvalidInput as for Name'),
    IssueDate: z.string().describe('first issue date, YYYYMMDD'),
    StartDate: z.string().describe('validity start, YYYYMMDD'),
    EndDate: z.string().describe('validity end (or duration as printed), YYYYMMDD when a date'),
    Address: z.string(),
    Gender: z.string().describe('男 or 女'),
    VehicleType: z.string().describe('permitted vehicle class as printed, e.g. C1'),
  }),
  BackResult: z.array(z.object({ ArchiveNumber: z.string().describe('file number') })),
});

export default definePoint({
  id: '2582-19',
  title: '驾驶证识别',
  summary: 'Driver license recognition, face or back page.',
  methods: ['POST'],
  auth: 'any',
  acceptsAsync: true,
  request: z.object({ ...imageRequest, Side: side }),
  response: recognitionBody(driverLicenseData),
});
