import { expect, test } from '@playwright/test';

/**
 * What a phone downloads for /order/step-1 (decision 013): the form parameters once, started by the page itself
 * (the server's preload header) and taken by the app's own request; no back-office, cabinet or partner code;
 * and zod, the fields and the toasts only as lazy chunks after the frame has painted.
 */
test.use({ viewport: { width: 375, height: 812 } });

test('step 1 loads the form parameters once and no back-office code', async ({ page }) => {
  const formParamsRequests: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/order/form-params') formParamsRequests.push(request.url());
    if (request.resourceType() === 'script') scripts.push(url.pathname);
  });

  const response = await page.goto('/order/step-1');
  expect(response?.headers().link).toContain('</api/order/form-params>; rel=preload');
  await expect(page.getByRole('combobox', { name: 'Документ', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(formParamsRequests).toHaveLength(1);
  // The areas' layouts (every back-office, cabinet and partner page sits under one) and staff code.
  const AREA_CODE = /\/assets\/((crm|cabinet|partner)-(layout|page)-route|staff-)/;
  expect(scripts.filter((script) => AREA_CODE.test(script))).toEqual([]);
  // The lazy parts did arrive: the fields (above) and the validation, which the next step needs.
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByText('Выберите хотя бы один документ')).toBeVisible();
});
