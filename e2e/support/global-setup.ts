import { startFixtureSite } from '../../tests/fixtures/site/server';

// The loopback fixture website the specs point tasks at. Workers read its address from the env.
export default async function globalSetup() {
  const site = await startFixtureSite();
  process.env.QUARRY_E2E_SITE = site.url;
  return async () => {
    await site.close();
  };
}
