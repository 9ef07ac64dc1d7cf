import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const base = 'http://localhost:18431';
for (const lang of ['ko', 'en']) {
  for (const width of [1440, 390]) {
    const ctx = await browser.newContext({ viewport: { width, height: width > 800 ? 900 : 844 }, locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
    await ctx.addInitScript((l) => localStorage.setItem('att.lang', l), lang);
    const page = await ctx.newPage();
    page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()));
    await page.goto(`${base}/Marketplace`);
    await page.waitForSelector('[data-testid="browse-grid"]', { timeout: 30000 });
    await page.waitForTimeout(1000);
    while (await page.getByTestId('notice-popup-close').isVisible().catch(() => false)) { await page.getByTestId('notice-popup-close').click(); await page.waitForTimeout(300); }
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/mp-shots/market-${lang}-${width}.png` });
    const n0 = await page.getAttribute('[data-testid="browse-grid"]', 'data-count');
    await page.mouse.wheel(0, 20000);
    await page.waitForTimeout(1500);
    await page.mouse.wheel(0, 20000);
    await page.waitForTimeout(1500);
    const n1 = await page.getAttribute('[data-testid="browse-grid"]', 'data-count');
    console.log(lang, width, 'count', n0, '->', n1, await page.textContent('[data-testid="browse-count"]'));
    if (width === 390) {
      await page.click('[data-testid="filters-toggle"]');
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/mp-shots/market-${lang}-${width}-drawer.png` });
    } else {
      await page.click('[data-testid="filter-item-type-2"]');
      await page.selectOption('[data-testid="browse-order"]', '5');
      await page.waitForTimeout(1500);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(600);
      await page.screenshot({ path: `/tmp/mp-shots/market-${lang}-${width}-filtered.png` });
    }
    await ctx.close();
  }
}
await browser.close();
