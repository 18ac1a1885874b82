// Every route file, in URL order. Adding a route: create its file under routes/ (folder mirrors the URL),
// export a RouteModule as default, and list it here.
import type { RouteModule } from '../route.js';
import cliTarball from './cli/tarball.js';
import health from './health.js';
import mcp from './mcp.js';
import registryServers from './v0/servers.js';
import registryImports from './v1/registry/imports.js';
import docs from './v1/docs.js';
import datasets from './v1/datasets.js';
import datasetById from './v1/datasets/by-id.js';
import datasetFile from './v1/datasets/files.js';
import datasetBuilds from './v1/datasets/builds.js';
import datasetWithdrawals from './v1/datasets/withdrawals.js';
import datasetKeys from './well-known/dataset-keys.js';
import keys from './v1/keys/index.js';
import keyById from './v1/keys/by-id.js';
import evaluationById from './v1/evaluations/by-id.js';
import evaluationCases from './v1/evaluations/cases.js';
import evaluationComparison from './v1/evaluations/comparison.js';
import leaderboardEvaluations from './v1/leaderboards/evaluations.js';
import leaderboardLint from './v1/leaderboards/lint.js';
import leaderboardModels from './v1/leaderboards/models.js';
import leaderboardModelsRuns from './v1/leaderboards/models/runs.js';
import me from './v1/me.js';
import meUsage from './v1/me/usage.js';
import models from './v1/models.js';
import openapi from './v1/openapi.js';
import organisations from './v1/organisations.js';
import rules from './v1/rules.js';
import rulesById from './v1/rules/by-id.js';
import servers from './v1/servers/index.js';
import serverById from './v1/servers/by-id.js';
import serverUpdate from './v1/servers/update.js';
import serverDelete from './v1/servers/delete.js';
import serverCapture from './v1/servers/capture.js';
import serverBadge from './v1/servers/badge.js';
import serverLint from './v1/servers/lint.js';
import serverLintLatest from './v1/servers/lint-latest.js';
import serverEvaluations from './v1/servers/evaluations/index.js';
import serverEvaluationEstimate from './v1/servers/evaluations/estimate.js';
import serverFailures from './v1/servers/failures.js';
import serverFailureCases from './v1/servers/failures/cases.js';
import failureRemovals from './v1/failures/removals.js';
import versionById from './v1/versions/by-id.js';
import versionLint from './v1/versions/lint.js';
import versionDiff from './v1/versions/diff.js';
import serverSubscriptions from './v1/servers/subscriptions.js';
import serverFeed from './v1/servers/feed.js';
import subscriptionById from './v1/subscriptions/by-id.js';
import subscriptionDeliveries from './v1/subscriptions/deliveries.js';
import organisationFeed from './v1/organisations/feed.js';

export const routes: RouteModule[] = [
  serverSubscriptions,
  serverFeed,
  subscriptionById,
  subscriptionDeliveries,
  organisationFeed,
  cliTarball,
  health,
  mcp,
  registryServers,
  registryImports,
  docs,
  openapi,
  me,
  meUsage,
  keys,
  keyById,
  organisations,
  servers,
  serverById,
  serverUpdate,
  serverDelete,
  serverCapture,
  serverBadge,
  serverLint,
  serverLintLatest,
  serverEvaluationEstimate,
  serverEvaluations,
  serverFailures,
  serverFailureCases,
  failureRemovals,
  evaluationById,
  evaluationCases,
  evaluationComparison,
  models,
  datasets,
  datasetBuilds,
  datasetWithdrawals,
  datasetKeys,
  datasetById,
  datasetFile,
  versionById,
  versionLint,
  versionDiff,
  leaderboardLint,
  leaderboardEvaluations,
  leaderboardModels,
  leaderboardModelsRuns,
  rules,
  rulesById,
];
