import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { CHARTS, LAYOUT, LOOK, TOASTS } from '../packages/shared/src/constants.ts'
import { type Harness, startHarness } from './harness.ts'

// The component gallery at /components, signed out: the phone input, the URL rule, chart defaults,
// avatar groups and the app's toasts, as a visitor sees them.

let harness: Harness
beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness?.close())

async function openGallery(page: Page, section = '') {
  await page.goto(`/components${section}`)
  await page.getByRole('heading', { level: 1, name: 'Components' }).waitFor()
}

/** What the browser drew for an image once it has loaded: its file's size, its size on screen, its corners. */
async function loadedImage(image: Locator) {
  await image.scrollIntoViewIfNeeded()
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  return image.evaluate((img: HTMLImageElement) => ({
    src: new URL(img.src).pathname,
    natural: [img.naturalWidth, img.naturalHeight],
    shown: [img.getBoundingClientRect().width, img.getBoundingClientRect().height],
    radius: getComputedStyle(img).borderRadius,
  }))
}

it('shows country flags at 26 × 20 with radius 5, and turns a chosen country and a typed number into E.164', async () => {
  const page = await harness.newPage()
  await openGallery(page, '#inputs')
  const flag = {
    natural: [LAYOUT.flag.width, LAYOUT.flag.height],
    shown: [LAYOUT.flag.width, LAYOUT.flag.height],
    radius: `${LAYOUT.flag.radius}px`,
  }

  // The browser speaks en-US, so the field starts in the United States.
  const country = page.getByTestId('phone-country')
  await page.getByRole('button', { name: 'Country: United States, calling code +1', exact: true }).waitFor()
  expect(await loadedImage(country.locator('img'))).toEqual({ src: '/assets/flags/us.webp', ...flag })

  // The selector opens on the keyboard; Escape closes it and goes back to the button.
  const search = page.getByRole('combobox', { name: 'Search for a country' })
  await country.focus()
  await page.keyboard.press('Enter')
  await search.waitFor()
  await page.keyboard.press('Escape')
  await search.waitFor({ state: 'detached' })
  await expect.poll(() => country.evaluate((button) => button === document.activeElement)).toBe(true)

  // It searches, and Enter picks; the number field is next.
  await page.keyboard.press('Enter')
  await search.waitFor()
  expect(await search.evaluate((input) => input === document.activeElement)).toBe(true)
  await page.keyboard.type('fran')
  const france = page.getByRole('option', { name: 'France +33' })
  expect(await loadedImage(france.locator('img'))).toEqual({ src: '/assets/flags/fr.webp', ...flag })
  await page.keyboard.press('Enter')
  await search.waitFor({ state: 'detached' })
  const number = page.getByRole('textbox', { name: 'Mobile phone' })
  await expect.poll(() => number.evaluate((input) => input === document.activeElement)).toBe(true)
  await page.getByRole('button', { name: 'Country: France, calling code +33', exact: true }).waitFor()

  // Formatted as it is typed, held in E.164.
  await page.keyboard.type('0612345678')
  expect(await number.inputValue()).toBe('06 12 34 56 78')
  expect(await page.getByTestId('phone-value').textContent()).toBe('+33612345678')

  // A pasted +number picks its own country.
  await number.fill('+44 20 7946 0958')
  await page.getByRole('button', { name: 'Country: United Kingdom, calling code +44', exact: true }).waitFor()
  expect(await page.getByTestId('phone-value').textContent()).toBe('+442079460958')
  expect(await loadedImage(country.locator('img'))).toEqual({ src: '/assets/flags/gb.webp', ...flag })
})

it('says a phone number or a website is not valid, and says nothing for empty fields', async () => {
  const page = await harness.newPage()
  await openGallery(page, '#inputs')
  const phoneMessage = page.getByText('This phone number is not valid')
  const urlMessage = page.getByText('Must be a valid URL')

  // Empty passes both rules.
  await page.getByRole('button', { name: 'Check the form' }).click()
  await page.getByText('Everything is valid').waitFor()
  expect(await phoneMessage.count()).toBe(0)
  expect(await urlMessage.count()).toBe(0)

  // After a first check, the messages follow the typing.
  const number = page.getByRole('textbox', { name: 'Mobile phone' })
  await number.fill('+33 12')
  await phoneMessage.waitFor()
  await number.fill('')
  await phoneMessage.waitFor({ state: 'detached' })
  expect(await page.getByTestId('phone-value').textContent()).toBe('nothing')

  const website = page.getByRole('textbox', { name: 'Website' })
  await website.fill('not a web address')
  await urlMessage.waitFor()
  await website.fill('closeroom.example')
  await urlMessage.waitFor({ state: 'detached' })
  expect(await page.getByTestId('website-value').textContent()).toBe('https://closeroom.example')

  // The check itself refuses a bad number too.
  await number.fill('12')
  await page.getByRole('button', { name: 'Check the form' }).click()
  await phoneMessage.waitFor()
})

/** The share of each month's slot the bar chart's columns take, measured on the drawn SVG. */
function columnShare(page: Page) {
  return page.getByTestId('chart-bar').evaluate((chart) => {
    const series = [...chart.querySelectorAll('.apexcharts-bar-series .apexcharts-series')]
    const bar = (group: Element | undefined, j: number) => group?.querySelector<SVGGraphicsElement>(`.apexcharts-bar-area[j="${j}"]`)
    const first = bar(series[0], 0)
    const second = bar(series[0], 1)
    if (!first || !second) return null
    const slot = second.getBBox().x - first.getBBox().x
    // ApexCharts draws each column's outline inside its width, so the outline counts as column.
    const columns = series.reduce((sum, group) => {
      const path = bar(group, 0)
      return sum + (path ? path.getBBox().width + Number(path.getAttribute('stroke-width') ?? 0) : 0)
    }, 0)
    return Math.round((columns / slot) * 1000) / 10
  })
}

it('draws bar columns 28% wide, 32% below the medium breakpoint and 40% below the small one, and a donut with its total', async () => {
  const page = await harness.newPage()
  await page.setViewportSize({ width: 1280, height: 900 })
  await openGallery(page, '#charts')
  await page.getByTestId('chart-bar').locator('.apexcharts-bar-area').first().waitFor()

  const widths = [
    [1280, CHARTS.columnWidth.default],
    [Math.round((LOOK.breakpoints.sm + LOOK.breakpoints.md) / 2), CHARTS.columnWidth.belowMd],
    [LOOK.breakpoints.sm - 120, CHARTS.columnWidth.belowSm],
    [1280, CHARTS.columnWidth.default],
  ] as const
  for (const [width, expected] of widths) {
    await page.setViewportSize({ width, height: 900 })
    // ApexCharts redraws a moment after the window resizes.
    await expect.poll(() => columnShare(page), { timeout: 10_000 }).toBe(Number.parseFloat(expected))
  }

  const donut = page.getByTestId('chart-donut')
  await donut.scrollIntoViewIfNeeded()
  await donut.getByText(CHARTS.donutLabel, { exact: true }).waitFor()
  await donut.getByText('100', { exact: true }).waitFor()
})

it('shows at most 4 faces in an avatar group and “+3” for the other three', async () => {
  const page = await harness.newPage()
  await openGallery(page, '#avatars')
  const team = page.getByTestId('sales-team')
  await team.scrollIntoViewIfNeeded()
  for (const name of ['Amélie Laurent', 'Nguyễn Minh Anh', 'Wang Fang', 'Layla Haddad']) await team.getByRole('img', { name }).waitFor()
  expect(await team.locator('.MuiAvatar-root').count()).toBe(LOOK.avatarGroupMax + 1)
  expect(await team.getByRole('img', { name: 'James Carter', exact: true }).count()).toBe(0)
  const others = team.getByRole('img', { name: 'Also: James Carter, Sofia Rossi, Kwame Mensah' })
  expect(await others.textContent()).toBe('+3')
})

it(`shows at most ${TOASTS.maxSnack} toasts at the top right, and one toast for the same message sent twice`, async () => {
  const page = await harness.newPage()
  const viewport = { width: 1280, height: 900 }
  await page.setViewportSize(viewport)
  await openGallery(page, '#toasts')
  const toasts = page.getByRole('alert')

  await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Send 7 at once' }).click()
  // Room is made for the newest by dismissing the oldest: once the moves settle, the last five show.
  await page.getByText('Solstice Hotels moved to Negotiation').waitFor()
  await expect
    .poll(async () => (await toasts.allTextContents()).sort())
    .toEqual(
      [
        'Proposal signed by Harbor Bank',
        'Verde Foods rescheduled to Thursday',
        'Atlas Robotics left a question in the sales room',
        'Recording ready: Bluebird Clinics demo',
        'Solstice Hotels moved to Negotiation',
      ].sort(),
    )
  expect(TOASTS.maxSnack).toBe(5)

  // Stacked in the top right corner of the window.
  await expect
    .poll(async () => {
      const boxes = await Promise.all((await toasts.all()).map((toast) => toast.boundingBox()))
      return {
        right: boxes.every((box) => box && box.x + box.width > viewport.width - 48 && box.x > viewport.width / 2),
        top: Math.min(...boxes.map((box) => box?.y ?? viewport.height)) < 40,
        upperHalf: boxes.every((box) => box && box.y + box.height < viewport.height * 0.75),
      }
    })
    .toEqual({ right: true, top: true, upperHalf: true })

  const second = await harness.newPage()
  await openGallery(second, '#toasts')
  const section = second.getByRole('region', { name: 'Notifications' })
  await section.getByRole('button', { name: 'Success' }).click()
  await section.getByRole('button', { name: 'Success' }).click()
  // Toasts show in order: once the next one is there, a duplicate would be too.
  await section.getByRole('button', { name: 'Information' }).click()
  await second.getByText('Sam Seller joined the meeting').waitFor()
  expect(await second.getByText('Deal moved to Won').count()).toBe(1)
})

it(`hides a toast about ${TOASTS.autoHideDurationMs} ms after it shows`, async () => {
  const page = await harness.newPage()
  await openGallery(page, '#toasts')
  await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Warning' }).click()
  const toast = page.getByRole('alert').filter({ hasText: 'Your calendar is not connected' })
  await toast.waitFor()
  const shown = Date.now()
  // Hovering a toast pauses it: keep the pointer away.
  await page.mouse.move(0, 0)
  await toast.waitFor({ state: 'detached', timeout: TOASTS.autoHideDurationMs * 2 })
  const lasted = Date.now() - shown
  expect(lasted).toBeGreaterThan(TOASTS.autoHideDurationMs - 500)
  expect(lasted).toBeLessThan(TOASTS.autoHideDurationMs + 1500)
})
