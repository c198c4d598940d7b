import { profileDimensionsSchema, profileDimensionsUpdateSchema } from '../dieshop/profile.schema';
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
