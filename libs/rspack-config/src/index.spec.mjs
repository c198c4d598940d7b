import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createFederatedConfig, EAGER_IN_HOST, SINGLETONS } from './index.mjs';

const pluginOf = (config) => config.plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin');
const remote = createFederatedConfig({ name: 'mfe_test', appRoot: import.meta.dirname, exposes: { './module': './src/module.ts' }, devPort: 4999 });
const host = createFederatedConfig({ name: 'shell', appRoot: import.meta.dirname, host: true, devPort: 4200 });

test('shares every state-holding library as a singleton with the workspace version', () => {
  const shared = pluginOf(remote)._options.shared;
  for (const name of [
    'react',
    'react-dom',
    'react-router-dom',
    'jotai',
    '@fluentui/react-shared-contexts',
    '@griffel/react',
    'i18next',
    'react-i18next',
    '@planta/session',
    '@planta/session/offline-queue',
  ]) {
    assert.equal(shared[name].singleton, true, name);
  }
  // The barrel is bundled (tree-shaken) by each app; its context packages are what is shared.
  assert.equal(shared['@fluentui/react-components'], undefined);
  assert.match(shared.react.requiredVersion, /^\^?19\./);
  assert.deepEqual(Object.keys(shared).sort(), [...SINGLETONS].sort());
});

test("shares the offline queue as an entry of its own, resolved from its source, with the session library's version", () => {
  const shared = pluginOf(remote)._options.shared;
  const sessionVersion = `^${JSON.parse(readFileSync(new URL('../../session/package.json', import.meta.url), 'utf8')).version}`;
  assert.deepEqual(shared['@planta/session/offline-queue'], { singleton: true, requiredVersion: sessionVersion, strictVersion: false });
  assert.equal(shared['@planta/session'].requiredVersion, sessionVersion);
  // Exact-match aliases: the library's index and its entry each resolve to their own source.
  assert.match(remote.resolve.alias['@planta/session$'], /libs[\\/]session[\\/]src[\\/]index\.ts$/);
  assert.match(remote.resolve.alias['@planta/session/offline-queue$'], /libs[\\/]session[\\/]src[\\/]offline-queue\.ts$/);
});

test('builds remotes with a manifest and a relative public path, the host with neither', () => {
  // Hashed in production: the manifest names it, so that it is cached for good like any chunk.
  assert.equal(pluginOf(remote)._options.filename, 'remoteEntry.[contenthash:8].js');
  const devRemote = createFederatedConfig({ name: 'mfe_test', appRoot: import.meta.dirname, exposes: {}, devPort: 4999, mode: 'development' });
  assert.equal(pluginOf(devRemote)._options.filename, 'remoteEntry.js');
  assert.deepEqual(pluginOf(remote)._options.manifest, { fileName: 'mf-manifest.json' });
  assert.equal(remote.output.publicPath, 'auto');
  assert.equal(pluginOf(host)._options.manifest, false);
  assert.equal(host.output.publicPath, '/');
});

test('the host bundles the shared modules every page runs in its entry; the remotes take them from the page', () => {
  const hostShared = pluginOf(host)._options.shared;
  const remoteShared = pluginOf(remote)._options.shared;
  for (const name of EAGER_IN_HOST) {
    assert.ok(SINGLETONS.includes(name), `${name} is shared`);
    assert.equal(hostShared[name].eager, true, name);
  }
  // What a signed-in screen loads when it needs it stays out of the sign-in page's entry.
  for (const name of ['tabster', '@fluentui/react-portal', '@fluentui/react-motion', 'zod', '@planta/session/offline-queue'])
    assert.notEqual(hostShared[name].eager, true, name);
  assert.deepEqual(
    Object.entries(remoteShared).filter(([, options]) => options.eager),
    [],
  );
});

test('the short list of zod shared by the page has every z.<name> the browser code runs', async () => {
  const { z } = await import('./zod.shared.mjs');
  const root = new URL('../../../', import.meta.url);
  const sources = [
    'libs/contracts/src',
    'libs/ui/src',
    'libs/shell-contract/src',
    'libs/session/src',
    'libs/i18n/src',
    'shell/src',
    ...['auth', 'production', 'maintenance', 'dieshop', 'admin'].map((area) => `mfe-${area}/src`),
  ];
  const used = new Set();
  for (const dir of sources)
    for (const file of readdirSync(new URL(dir, root), { recursive: true }))
      if (/\.tsx?$/.test(file) && !/\.spec\.tsx?$/.test(file))
        // Run, not only named as a type: called (z.object(…)), read further (z.coerce.number) or tested (instanceof z.ZodDefault).
        for (const line of readFileSync(new URL(`${dir}/${file}`, root), 'utf8').split('\n'))
          if (!/^\s*(\*|\/\/|\/\*)/.test(line))
            for (const match of line.matchAll(/(instanceof\s+)?\bz\.([A-Za-z]+)(\s*[(.])?/g)) if (match[1] || match[3]) used.add(match[2]);
  assert.ok(used.has('object') && used.has('ZodDefault'), 'the scan finds what the contracts run');
  assert.deepEqual(
    [...used].filter((name) => !(name in z)),
    [],
  );
});
