// @ts-check
/**
 * The one rspack + Module Federation configuration of the portal: the shell (host) and every
 * remote build with it, so that the shared singletons and the loaders are written once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';

// @rspack/core 2 is an ES module, so this configuration is one too.
export const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Workspace libraries the browser uses, resolved from their TypeScript sources. */
export const WORKSPACE_LIBS = {
  '@planta/contracts': 'libs/contracts',
  '@planta/shell-contract': 'libs/shell-contract',
  '@planta/session': 'libs/session',
  '@planta/i18n': 'libs/i18n',
  '@planta/ui': 'libs/ui',
};

/**
 * Entries of those libraries besides their index, each shared on its own: a shared module is
 * loaded whole, so what only a signed-in user needs is kept out of the library's index (and off
 * the sign-in page) and loaded when first imported.
 */
export const WORKSPACE_ENTRIES = {
  '@planta/session/offline-queue': 'libs/session/src/offline-queue.ts',
};

/**
 * One instance in the page (architecture.md): React, the router, jotai, Fluent UI, i18next and
 * the libs that hold shared state. Subpaths that carry state or context are listed too.
 */
export const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'jotai',
  // Fluent UI: not the '@fluentui/react-components' barrel, which a shared module could not
  // tree-shake (1.2 MB on every page), but the packages that hold its context and global state,
  // so that every app bundles only the components it uses and still renders inside the
  // shell's one FluentProvider.
  '@fluentui/react-shared-contexts',
  '@fluentui/react-provider',
  '@fluentui/react-theme',
  // The focus manager's core, not '@fluentui/react-tabster': shared whole, the React package
  // would put the core on the sign-in page through a button's focus style; the core is loaded
  // only where a component really manages focus (menus, dialogs), and then once for every app.
  'tabster',
  // Keyboard-navigation detection (the focus indicators): its copies would share one state on
  // the window under clashing instance ids, and the first one disposed would stop it for all.
  'keyborg',
  '@fluentui/react-portal',
  '@fluentui/react-utilities',
  '@fluentui/react-jsx-runtime',
  '@fluentui/react-motion',
  '@griffel/react',
  '@griffel/core',
  'i18next',
  'react-i18next',
  '@planta/session',
  // Its own entry (one queue for the page), loaded by the first screen that saves through it.
  '@planta/session/offline-queue',
  '@planta/i18n',
  // Schemas: one copy of zod evaluated once for the page, not one per app (it does not tree-shake).
  'zod',
];

/**
 * Shared modules a page loads only when a screen first needs them: menus and dialogs (focus
 * management, portals, motion), the offline queue and the schemas. Every other shared module runs
 * on every page before its first screen (the sign-in page included): the host bundles those in its
 * entry (eager) and offers them from there, so that a page does not wait for a score of small
 * files after the first; the remotes still take them from the share scope.
 */
const LOADED_WHEN_NEEDED = new Set(['tabster', '@fluentui/react-portal', '@fluentui/react-motion', '@planta/session/offline-queue', 'zod']);
export const EAGER_IN_HOST = SINGLETONS.filter((request) => !LOADED_WHEN_NEEDED.has(request));
// Not shared, so that each app bundles only what it uses of them (a shared module is loaded
// whole, and these two would put every screen's forms and schemas on the sign-in page):
// '@planta/ui' (its one piece of page state, the snackbar listeners, lives on the page, see
// libs/ui/src/snackbar.ts), '@planta/contracts' (schemas and constants, no state) and
// '@planta/shell-contract' (types, constants and pure functions: the remotes' routes, navigation
// and widgets, whose page catalogue the sign-in page does not need).

/** Shared modules whose code is a short list of what the portal uses rather than the whole package. */
const shortList = (file) => path.join(path.dirname(fileURLToPath(import.meta.url)), file);
const SHARED_IMPORTS = {
  'react-router-dom': shortList('react-router-dom.shared.mjs'),
  'react-i18next': shortList('react-i18next.shared.mjs'),
  '@fluentui/react-theme': shortList('react-theme.shared.mjs'),
  zod: shortList('zod.shared.mjs'),
};

/** The workspace library a request names, itself or one of its entries ('@planta/session/offline-queue'). */
const workspaceLibOf = (request) => Object.entries(WORKSPACE_LIBS).find(([name]) => request === name || request.startsWith(`${name}/`))?.[1];

/** The version installed in the workspace: what every app of this repository builds against. */
function versionOf(request) {
  const dir =
    workspaceLibOf(request) ?? path.join('node_modules', ...(request.startsWith('@') ? request.split('/').slice(0, 2) : request.split('/').slice(0, 1)));
  return `^${JSON.parse(readFileSync(path.join(workspaceRoot, dir, 'package.json'), 'utf8')).version}`;
}

function sharedModules(host) {
  return Object.fromEntries(
    SINGLETONS.map((request) => [
      request,
      {
        singleton: true,
        ...(host && EAGER_IN_HOST.includes(request) ? { eager: true } : {}),
        requiredVersion: versionOf(request),
        strictVersion: false,
        // A short list's version is the package's (it has no package.json of its own).
        ...(SHARED_IMPORTS[request] ? { import: SHARED_IMPORTS[request], version: versionOf(request).slice(1) } : {}),
      },
    ]),
  );
}

function aliases() {
  return Object.fromEntries([
    ...Object.entries(WORKSPACE_LIBS).map(([name, dir]) => [`${name}$`, path.join(workspaceRoot, dir, 'src', 'index.ts')]),
    ...Object.entries(WORKSPACE_ENTRIES).map(([name, file]) => [`${name}$`, path.join(workspaceRoot, file)]),
  ]);
}

/**
 * Packages shared as singletons (and '@fluentui/tokens', behind the shared theme): an app's own
 * copies of them are fallbacks the page never loads, which must not be put in a file with code
 * that it does load.
 */
const SHARED_PACKAGE = new RegExp(
  `[\\\\/]node_modules[\\\\/](${[
    ...new Set(
      SINGLETONS.filter((name) => !name.startsWith('@planta/')).map((name) =>
        name
          .split('/')
          .slice(0, name.startsWith('@') ? 2 : 1)
          .join('/'),
      ),
    ),
    '@fluentui/tokens',
  ].join('|')})[\\\\/]`,
);
const isVendor = (module) => /[\\/]node_modules[\\/]/.test(module.resource ?? '') && !SHARED_PACKAGE.test(module.resource ?? '');
/** A module of Fluent UI's components, which each app bundles for itself. */
const isFluentComponent = (module) => isVendor(module) && /[\\/]node_modules[\\/]@fluentui[\\/]/.test(module.resource ?? '');

/** Dev-server ports of `npm run dev`: the shell, then each remote. */
export const DEV_PORTS = { shell: 4200, mfe_auth: 4100, mfe_production: 4101, mfe_maintenance: 4102, mfe_dieshop: 4103, mfe_admin: 4104 };

/**
 * @param {{ name: string; appRoot: string; exposes?: Record<string, string>; host?: boolean; devPort: number; mode?: string }} options
 * `name` is the federation container name (an identifier: mfe_auth, shell).
 */
export function createFederatedConfig({
  name,
  appRoot,
  exposes,
  host = false,
  devPort,
  mode = process.env.NODE_ENV === 'development' ? 'development' : 'production',
}) {
  const development = mode === 'development';
  /** @type {import('@rspack/core').Configuration} */
  const config = {
    mode,
    context: appRoot,
    // A remote has no page of its own: its container (remoteEntry.js) is its only entry.
    entry: host ? { main: './src/index.ts' } : {},
    // Production maps are written but not referenced from the bundles (and not served): they are
    // for reading error reports, not for anyone who opens the portal.
    devtool: development ? 'eval-cheap-module-source-map' : 'hidden-source-map',
    output: {
      path: path.join(appRoot, 'dist'),
      // Remotes are served from wherever the remotes map says: their chunks load relative to it.
      publicPath: host ? '/' : 'auto',
      uniqueName: name,
      filename: development ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: development ? '[name].js' : '[name].[contenthash:8].js',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'], alias: aliases(), extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development, refresh: development } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.svg$/, type: 'asset/resource' },
        { test: /\.(png|jpe?g|webp|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        // Hashed (the manifest names it): a warm start takes it from the cache instead of asking
        // the server whether it changed, one round trip less before a remote's first page.
        filename: host ? undefined : development ? 'remoteEntry.js' : 'remoteEntry.[contenthash:8].js',
        exposes: host ? undefined : exposes,
        remotes: {},
        shared: sharedModules(host),
        manifest: host ? false : { fileName: 'mf-manifest.json' },
        dts: false,
        // The host renders only after its remotes map has been read (see shell/src/index.ts).
        ...(host ? { shareStrategy: 'loaded-first' } : {}),
        // The federation runtime is written once, in the host: each remote's entry uses the host's
        // instead of carrying its own copy (about 35 KB gzip per remote), and loads no remotes itself.
        experiments: host
          ? { provideExternalRuntime: true, optimization: { target: 'web' } }
          : { externalRuntime: true, optimization: { target: 'web', disableRemote: true } },
      }),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      ...(development ? [new ReactRefreshRspackPlugin()] : []),
      // Files served as they are from the root (the service worker must live at /).
      ...(host ? [new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(appRoot, 'src', 'public'), noErrorOnMissing: true }] })] : []),
      ...(host ? [new rspack.HtmlRspackPlugin({ template: path.join(appRoot, 'src', 'index.html'), favicon: path.join(appRoot, 'src', 'favicon.svg') })] : []),
    ],
    optimization: {
      minimize: !development,
      // Few and larger files: the Fluent UI components that two screens of an app or more use are
      // one file of the app, loaded with its first screen and then cached, not a dozen small ones
      // per screen (a component only one screen uses stays in that screen's file).
      splitChunks: {
        chunks: 'async',
        cacheGroups: {
          fluent: { test: isFluentComponent, name: 'fluent', chunks: 'async', minChunks: 2, priority: 10, enforce: true },
          defaultVendors: { test: isVendor, priority: -10, reuseExistingChunk: true },
        },
      },
    },
    performance: { hints: false },
    // Lazy compilation would hand the federation runtime proxy modules instead of the remotes' code.
    lazyCompilation: false,
    devServer: {
      port: devPort,
      hot: true,
      historyApiFallback: host,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: host ? [{ context: ['/api', '/socket.io', '/remotes.json'], target: `http://localhost:${process.env.PORT || 3000}`, ws: true }] : undefined,
    },
    stats: 'errors-warnings',
  };
  return config;
}
