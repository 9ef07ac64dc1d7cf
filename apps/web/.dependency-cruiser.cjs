/**
 * The web's dependency rules (STYLE.md "Dependency rules"), checked by `npm run lint:deps` (part of the root
 * `npm run lint`):
 *   app -> pages -> features -> (lib, components, i18n); lib and components import no feature;
 *   no page imports another page or app/; features import each other only through their index.ts;
 *   no import cycle, between modules or between feature folders.
 *
 * Feature folders may not form a cycle: each may import only the features listed before it in FEATURE_LAYERS.
 * A new feature goes in the list after everything it uses.
 */
const FEATURE_LAYERS = [
  'popups',
  'account',
  'wallet',
  'support',
  'alerts',
  'auth',
  'collections',
  'items',
  'social',
  'history',
  'trade',
  'referral',
  'watchlist',
];

const feature = (name) => `^src/features/${name}/`;

/** Feature i may not reach any feature after it in the list. */
const layerRules = FEATURE_LAYERS.map((name, i) => ({
  name: `feature-layers-${name}`,
  comment: `${name} may import only the features before it: ${FEATURE_LAYERS.slice(0, i).join(', ') || 'none'}`,
  severity: 'error',
  from: { path: feature(name) },
  to: { path: `^src/features/(${FEATURE_LAYERS.slice(i + 1).join('|') || '$^'})/` },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Import cycles make load order and ownership unclear; split the shared part out.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-components-i18n-import-no-feature',
      comment: 'lib/, components/ and i18n/ are below every feature: they import no feature, page or app module.',
      severity: 'error',
      from: { path: '^src/(lib|components|i18n)/' },
      to: { path: '^src/(features|pages|app)/' },
    },
    {
      name: 'features-import-no-page-or-app',
      comment: 'Features are arranged by pages and the app, never the other way round.',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^src/(pages|app)/' },
    },
    {
      name: 'pages-import-no-app',
      comment: 'A page may not import app/ (the shell arranges pages, not the reverse).',
      severity: 'error',
      from: { path: '^src/pages/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'no-page-imports-another-page',
      comment: 'What two pages share belongs in a feature.',
      severity: 'error',
      from: { path: '^src/pages/([^/]+)/' },
      to: { path: '^src/pages/', pathNot: '^src/pages/$1/' },
    },
    {
      name: 'features-through-index',
      comment: 'A feature reaches another only through its public surface, features/<name>/index.ts.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: ['^src/features/$1/', '^src/features/[^/]+/index\\.ts$'] },
    },
    ...layerRules,
    {
      name: 'every-feature-has-a-layer',
      comment: `A feature folder missing from FEATURE_LAYERS in .dependency-cruiser.cjs: add it after what it uses.`,
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/features/[^/]+/', pathNot: `^src/features/(${FEATURE_LAYERS.join('|')})/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '^src/test/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
