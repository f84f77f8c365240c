import { z } from 'zod';
import { definePoint } from '../point';
import { imageRequest, recognitionBody, side } from '../recognition';

export const vehicleLicenseData = z.object({
  FaceResult: z.object({
    IssueDate: z.string().describe('issue date, YYYYMMDD'),
    RegisterDate: z.string().describe('registration date, YYYYMMDD'),
    UseCharacter: z.string().describe('use character, e.g. 非营运'),
    Owner: z.string(),
    EngineNumber: z.string(),
    Model: z.string().describe('brand and model'),
    PlateNumber: z.string(),
    Address: z.string(),
    VehicleType: z.string().describe('vehicle type as printed, e.g. 小型轿车'),
    Vin: z.string(),
  }),
  BackResult: z.object({
    ApprovedLoad: z.string(),
    ApprovedPassengerCapacity: z.string(),
    EnergyType: z.string(),
    FileNumber: z.string(),
    GrossMass: z.string(),
    InspectionRecord: z.string(),
    OverallDimension: z.string(),
    PlateNumber: z.string(),
    TractionMass: z.string(),
    UnladenMass: z.string(),
  }),
});

export default definePoint({
  id: '2582-17',
  title: '行驶证识别',
  summary: 'Vehicle license recognition, face or back page.',
  methods: ['POST'],
  auth: 'any',
  acceptsAsync: true,
  request: z.object({ ...imageRequest, Side: side }),
  response: recognitionBody(vehicleLicenseData),
});
