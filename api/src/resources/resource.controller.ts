import { Controller, Inject, type Type } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { resourceEndpoints, type EndpointArgs, type ResourceDefinition, type ResourceEndpoints } from '@planta/contracts';
import { Endpoint, Input } from '../common/endpoint.decorator';
import { TenantDb } from '../tenancy/tenant-db.service';
import { DatabaseConstraints } from './database-constraints.service';
import { ResourceService, serviceToken } from './resource.service';

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * The controller of a resource: its five endpoints (list, get, create, update, remove), thin,
 * each declared by the resource's contracts. Extra routes are methods of a subclass:
 * `class LineController extends ResourceController(extrusionLineResource) { @Endpoint(...) figures() {} }`.
 */
export function ResourceController<R extends ResourceDefinition>(resource: R) {
  const endpoints: ResourceEndpoints<R> = resourceEndpoints(resource);

  @ApiTags(resource.area)
  @Controller()
  class GenericResourceController {
    constructor(@Inject(serviceToken(resource)) readonly service: ResourceService<R>) {}

    @Endpoint(endpoints.list)
    list(@Input() { query }: EndpointArgs<ResourceEndpoints<R>['list']>) {
      return this.service.list(query);
    }

    @Endpoint(endpoints.get)
    get(@Input() { params }: EndpointArgs<ResourceEndpoints<R>['get']>) {
      return this.service.get(params.id);
    }

    @Endpoint(endpoints.create)
    create(@Input() { body }: EndpointArgs<ResourceEndpoints<R>['create']>) {
      return this.service.create(body);
    }

    @Endpoint(endpoints.update)
    update(@Input() { params, body }: EndpointArgs<ResourceEndpoints<R>['update']>) {
      return this.service.update(params.id, body);
    }

    @Endpoint(endpoints.remove)
    remove(@Input() { params }: EndpointArgs<ResourceEndpoints<R>['remove']>) {
      return this.service.remove(params.id);
    }
  }
  Object.defineProperty(GenericResourceController, 'name', { value: `${pascal(resource.name)}Controller` });
  return GenericResourceController;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each service is of its own resource
type ServiceClass = Type<ResourceService<any>>;

/**
 * The controllers and services of some resources: the generic ones, or a subclass where a
 * resource has domain rules or extra routes (`{ shift: ShiftService }`).
 */
export function resourceWiring(
  resources: readonly ResourceDefinition[],
  custom: { controllers?: Record<string, Type>; services?: Record<string, ServiceClass> } = {},
) {
  return {
    controllers: resources.map((resource) => custom.controllers?.[resource.name] ?? ResourceController(resource)),
    providers: resources.map((resource) => {
      const own = custom.services?.[resource.name];
      return own
        ? { provide: serviceToken(resource), useClass: own }
        : {
            provide: serviceToken(resource),
            useFactory: (tenantDb: TenantDb, constraints: DatabaseConstraints) => new ResourceService(resource, tenantDb, constraints),
            inject: [TenantDb, DatabaseConstraints],
          };
    }),
  };
}
