import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { endpointOf } from '../common/endpoint.decorator';

/**
 * Refuses to start while any route is not mounted from a contract (`@Endpoint()`): the contract
 * is what says who may call it (a page, public or signed-in) and what it answers, so a route
 * without one would be open or closed by accident and undocumented.
 */
@Injectable()
export class RouteDeclarationCheck implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onApplicationBootstrap(): void {
    const undeclared: string[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const controller = wrapper.metatype;
      if (!controller || !wrapper.instance) continue;
      const prototype = Object.getPrototypeOf(wrapper.instance);
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        if (Reflect.getMetadata(METHOD_METADATA, handler) === undefined || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        if (!endpointOf(handler)) undeclared.push(`${controller.name}.${name}`);
      }
    }
    if (undeclared.length > 0) throw new Error(`Routes not mounted from a contract with @Endpoint(): ${undeclared.join(', ')}`);
  }
}
