import { Controller, Delete, Get, Module, Patch, Post, type Type } from '@nestjs/common';
import type { PageAlias } from '@planta/contracts';
import { Page } from '../../src/permissions/route-access.decorators';

/** A controller declaring `alias` with one route per CRUD verb, to test the permission guard on any page. */
function probeFor(alias: PageAlias): Type {
  @Page(alias)
  @Controller(`probe/${alias}`)
  class PermissionProbeController {
    @Get()
    read() {
      return { done: 'read' };
    }

    @Post()
    insert() {
      return { done: 'insert' };
    }

    @Patch()
    update() {
      return { done: 'update' };
    }

    @Delete()
    remove() {
      return { done: 'delete' };
    }
  }
  return PermissionProbeController;
}

export const PROBED_PAGES = ['extrusion-line', 'dies', 'users', 'dashboards-indicators'] as const satisfies readonly PageAlias[];

@Module({ controllers: PROBED_PAGES.map(probeFor) })
export class PermissionProbeModule {}
