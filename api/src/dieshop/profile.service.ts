import { Injectable } from '@nestjs/common';
import { profileResource, type ProfileDimension, type ProfileDimensions, type ProfileDimensionsUpdate } from '@planta/contracts';
import { DatabaseConstraints } from '../resources/database-constraints.service';
import { entityOf } from '../resources/resource.entity';
import { ResourceService, serviceToken } from '../resources/resource.service';
import { TenantDb, type TenantScope } from '../tenancy/tenant-db.service';
import { dimensionColumns } from './profile-tolerance';

/** Profiles (the declared resource) and their critical dimensions, for the active company only. */
@Injectable()
export class ProfileService extends ResourceService<typeof profileResource> {
  constructor(tenantDb: TenantDb, constraints: DatabaseConstraints) {
    super(profileResource, tenantDb, constraints);
  }

  /** The profile's dimensions by label; another company's profile answers 404. */
  dimensions(id: number): Promise<ProfileDimensions> {
    return this.tenantDb.transaction(async (scope) => {
      await scope.repository(entityOf(profileResource)).findOne(id);
      return { dimensions: await profileDimensions(scope, id) };
    });
  }

  /** Replaces the whole list in one transaction (the labels were checked unique by the contract). */
  replaceDimensions(id: number, { dimensions }: ProfileDimensionsUpdate): Promise<ProfileDimensions> {
    return this.tenantDb.transaction(async (scope) => {
      const profile = await scope.repository(entityOf(profileResource)).findOne(id);
      // Serialise edits of one profile: two saves at once would otherwise mix their lists.
      await scope.manager.query(`select id from profile where id = $1 for update`, [profile.id]);
      await scope.manager.query(`delete from profile_dimension where profile_id = $1`, [profile.id]);
      for (const dimension of dimensions) {
        await scope.manager.query(
          `insert into profile_dimension (company_id, profile_id, label, nominal_mm, tol_minus_mm, tol_plus_mm) values ($1, $2, $3, $4, $5, $6)`,
          [scope.companyId, profile.id, dimension.label, dimension.nominal_mm, dimension.tol_minus_mm, dimension.tol_plus_mm],
        );
      }
      return { dimensions: await profileDimensions(scope, profile.id) };
    });
  }
}

/** The profile resource's service, under the token its controller injects. */
export const PROFILE_SERVICE = { provide: serviceToken(profileResource), useClass: ProfileService };

/** A profile's critical dimensions, A, B, … in label order. */
async function profileDimensions(scope: TenantScope, profileId: number): Promise<ProfileDimension[]> {
  return scope.manager.query(`select ${dimensionColumns('pd')} from profile_dimension pd where pd.company_id = $1 and pd.profile_id = $2 order by pd.label`, [
    scope.companyId,
    profileId,
  ]);
}
