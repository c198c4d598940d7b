import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_KEY, PAGE_KEY } from './route-access.decorators';

/**
 * Refuses to start while any route has neither a page nor an explicit public or signed-in
 * declaration: a forgotten declaration must not silently open or close a route.
 */
@Injectable()
export class RouteDeclarationCheck implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
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
        const declared =
          this.reflector.getAllAndOverride(ACCESS_KEY, [handler, controller]) ?? this.reflector.getAllAndOverride(PAGE_KEY, [handler, controller]);
        if (!declared) undeclared.push(`${controller.name}.${name}`);
      }
    }
    if (undeclared.length > 0) throw new Error(`Routes without a page, @Public() or @SignedIn(): ${undeclared.join(', ')}`);
  }
}
