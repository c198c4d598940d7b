import type { ComponentType } from 'react';
import type { ResourceDefinition } from '@planta/contracts';
import { resourcePage } from '@planta/ui';
import '../i18n';

const pages = new WeakMap<ResourceDefinition, ComponentType>();

/** The generic list and form of a catalogue resource that needs nothing of its own (machines, finishes, alloys). */
export function catalogPage(resource: ResourceDefinition): ComponentType {
  let page = pages.get(resource);
  if (!page) {
    page = resourcePage(resource);
    pages.set(resource, page);
  }
  return page;
}
