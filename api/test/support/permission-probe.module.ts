import { Controller, Module, type Type } from '@nestjs/common';
import { z } from 'zod';
import { endpoint, type HttpMethod, type PageAlias } from '@planta/contracts';
import { Endpoint } from '../../src/common/endpoint.decorator';

const probe = (alias: PageAlias, method: HttpMethod) =>
  endpoint({ method, path: `probe/${alias}`, access: { page: alias }, tag: 'probe', summary: 'probe', response: z.object({ done: z.string() }) });

/** A controller declaring `alias` with one route per CRUD verb, to test the permission guard on any page. */
function probeFor(alias: PageAlias): Type {
  @Controller()
  class PermissionProbeController {
    @Endpoint(probe(alias, 'GET'))
    read() {
      return { done: 'read' };
    }

    @Endpoint(probe(alias, 'POST'))
    insert() {
      return { done: 'insert' };
    }

    @Endpoint({ ...probe(alias, 'PATCH'), status: 200 })
    update() {
      return { done: 'update' };
    }

    @Endpoint({ ...probe(alias, 'DELETE'), status: 200 })
    remove() {
      return { done: 'delete' };
    }
  }
  return PermissionProbeController;
}

export const PROBED_PAGES = ['extrusion-line', 'dies', 'users', 'dashboards-indicators'] as const satisfies readonly PageAlias[];

@Module({ controllers: PROBED_PAGES.map(probeFor) })
export class PermissionProbeModule {}
