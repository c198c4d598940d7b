import { profileDimensionsSchema, profileDimensionsUpdateSchema, profileDrawingSchema } from '../dieshop/profile.schema';
import { endpoint, idParams } from '../endpoint';
import { profileResource } from '../resources/dieshop/profile.resource';

/** A profile's critical dimensions (the 10-minute checks compare A and B with them), on the profile's page. */
export const profileDimensionEndpoints = {
  get: endpoint({
    method: 'GET',
    path: `${profileResource.api}/:id/dimensions`,
    access: { page: profileResource.page },
    tag: 'dieshop',
    summary: "A profile's critical dimensions: label, nominal and tolerance band in mm",
    params: idParams,
    response: profileDimensionsSchema,
  }),
  replace: endpoint({
    method: 'PUT',
    path: `${profileResource.api}/:id/dimensions`,
    access: { page: profileResource.page },
    tag: 'dieshop',
    summary: "Replaces a profile's critical dimensions (each label once)",
    params: idParams,
    body: profileDimensionsUpdateSchema,
    response: profileDimensionsSchema,
  }),
} as const;

/** A profile's drawing (the customer's, with the critical dimensions), kept as a stored file on the profile's page. */
export const profileDrawingEndpoints = {
  get: endpoint({
    method: 'GET',
    path: `${profileResource.api}/:id/drawing`,
    access: { page: profileResource.page },
    tag: 'dieshop',
    summary: "A profile's drawing: where it is read from, its type, size and when it was uploaded (null: none kept)",
    params: idParams,
    response: profileDrawingSchema,
  }),
  replace: endpoint({
    method: 'PUT',
    path: `${profileResource.api}/:id/drawing`,
    access: { page: profileResource.page },
    tag: 'dieshop',
    summary: "Keeps the profile's drawing (multipart `file`: a PDF or an image within the company's upload limit), replacing the previous one",
    params: idParams,
    upload: { field: 'file' },
    response: profileDrawingSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${profileResource.api}/:id/drawing`,
    access: { page: profileResource.page },
    tag: 'dieshop',
    summary: 'Takes the drawing off the profile (the file stays for records that use it)',
    params: idParams,
    response: null,
  }),
} as const;
