import { IMAGE_MAX_BYTES } from '../../../protocol/limits';
import { driverLicenseData } from '../../../protocol/points/2582-19';
import { type DocId, type ViewField, compact, defineDocument, flatFields } from './types';

/** NoResult / InvalidInput are the point's "not read" markers for Name and LicenseNumber (SPEC). */
const notRead = (v: string) => (v === 'NoResult' || v === 'InvalidInput' ? '' : v);

function driverLicense(side: 'face' | 'back') {
  return defineDocument({
    id: `driver_${side}` satisfies DocId,
    point: '2582-19',
    titleKey: side === 'face' ? 'doc_driver_face' : 'doc_driver_back',
    request: (url) => ({ ImageURL: url, Side: side }),
    data: driverLicenseData,
    view: (data, t) => ({
      fields:
        side === 'face'
          ? flatFields(
              { ...data.FaceResult, Name: notRead(data.FaceResult.Name), LicenseNumber: notRead(data.FaceResult.LicenseNumber) },
              {
                Name: 'field_Name',
                LicenseNumber: 'field_LicenseNumber',
                Gender: 'field_Gender',
                Address: 'field_Address',
                VehicleType: 'field_PermittedClass',
                IssueDate: 'field_FirstIssueDate',
                StartDate: 'field_StartDate',
                EndDate: 'field_EndDate',
              },
              t,
            )
          : data.BackResult.map(
              (b, i): ViewField => ({
                key: 'ArchiveNumber',
                label: t('field_ArchiveNumber'),
                value: b.ArchiveNumber,
                ...(data.BackResult.length > 1 ? { group: t('group_nth', i + 1) } : {}),
              }),
            ),
      tables: [],
      lines: [],
    }),
    mainValue: (data) => (side === 'face' ? notRead(data.FaceResult.LicenseNumber) : data.BackResult[0]?.ArchiveNumber) || undefined,
    summary: (data) =>
      side === 'face'
        ? compact(notRead(data.FaceResult.Name), notRead(data.FaceResult.LicenseNumber))
        : compact(...data.BackResult.map((b) => b.ArchiveNumber)),
    fillable: true,
    maxBytes: IMAGE_MAX_BYTES,
  });
}

export const driverFace = driverLicense('face');
export const driverBack = driverLicense('back');
