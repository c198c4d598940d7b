import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createFederatedConfig, SINGLETONS } from './index.mjs';

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
