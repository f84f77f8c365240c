import { IMAGE_MAX_BYTES } from '../../../protocol/limits';
import { vehicleLicenseData } from '../../../protocol/points/2582-17';
import { type DocId, compact, defineDocument, flatFields } from './types';

function vehicleLicense(side: 'face' | 'back') {
  return defineDocument({
    id: `vehicle_${side}` satisfies DocId,
    point: '2582-17',
    titleKey: side === 'face' ? 'doc_vehicle_face' : 'doc_vehicle_back',
    request: (url) => ({ ImageURL: url, Side: side }),
    data: vehicleLicenseData,
    view: (data, t) => ({
      fields:
        side === 'face'
          ? flatFields(
              data.FaceResult,
              {
                PlateNumber: 'field_RegPlateNumber',
                VehicleType: 'field_VehicleType',
                Owner: 'field_Owner',
                Address: 'field_Address',
                UseCharacter: 'field_UseCharacter',
                Model: 'field_Model',
                Vin: 'field_Vin',
                EngineNumber: 'field_EngineNumber',
                RegisterDate: 'field_RegisterDate',
                IssueDate: 'field_IssueDate',
              },
              t,
            )
          : flatFields(
              data.BackResult,
              {
                PlateNumber: 'field_RegPlateNumber',
                FileNumber: 'field_FileNumber',
                ApprovedPassengerCapacity: 'field_ApprovedPassengerCapacity',
                GrossMass: 'field_GrossMass',
                UnladenMass: 'field_UnladenMass',
                ApprovedLoad: 'field_ApprovedLoad',
                OverallDimension: 'field_OverallDimension',
                TractionMass: 'field_TractionMass',
                EnergyType: 'field_EnergyType',
                InspectionRecord: 'field_InspectionRecord',
              },
              t,
            ),
      tables: [],
      lines: [],
    }),
    mainValue: (data) => (side === 'face' ? data.FaceResult.PlateNumber || data.FaceResult.Vin : data.BackResult.PlateNumber) || undefined,
    summary: (data) =>
      side === 'face'
        ? compact(data.FaceResult.PlateNumber, data.FaceResult.Owner, data.FaceResult.Vin)
        : compact(data.BackResult.PlateNumber, data.BackResult.FileNumber),
    fillable: true,
    maxBytes: IMAGE_MAX_BYTES,
  });
}

export const vehicleFace = vehicleLicense('face');
export const vehicleBack = vehicleLicense('back');
