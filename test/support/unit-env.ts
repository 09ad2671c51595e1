// Unit tests never reach a database: handlers see a table name and version, and DynamoDB calls are mocked.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.TABLE_NAME ??= 'racefinder-unit';
process.env.APP_VERSION ??= 'test';
// POST /api/promotions needs the site for Stripe's return URLs when its module loads (lambdas/lib/site-url.ts).
process.env.SITE_URL ??= 'https://racefinder.test';
process.env.AWS_REGION ??= 'us-east-1';
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
process.env.SUPER_ADMIN_EMAILS ??= 'owner@racefinder.test';
process.env.EXPORTS_BUCKET ??= 'racefinder-exports-unit';
process.env.SITE_BUCKET ??= 'racefinder-web-unit';
process.env.EXPORT_WORKER_FUNCTION ??= 'racefinder-export-worker-unit';
