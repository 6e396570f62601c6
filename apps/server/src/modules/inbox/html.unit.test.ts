import { expect, it } from 'vitest'
import { sanitizeMailHtml } from './html.ts'

it('drops scripts, event handlers, forms, frames and javascript: links', () => {
  const html = sanitizeMailHtml(
    '<p onclick="steal()">Hi<script>alert(1)</script></p><form action="https://evil.test"><input name="pw"><button>Go</button></form>' +
      '<iframe src="https://evil.test"></iframe><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"><svg onload="alert(1)"></svg>',
  )
  expect(html).not.toMatch(/script|onclick|onerror|onload|<form|<input|<button|<iframe|<svg|javascript:|alert/i)
  expect(html).toContain('<p>Hi</p>')
})

it('opens links in a new tab without a handle on the app', () => {
  expect(sanitizeMailHtml('<a href="https://buyer.test/offer" onmouseover="x()">Offer</a>')).toBe(
    '<a href="https://buyer.test/offer" target="_blank" rel="noopener noreferrer">Offer</a>',
  )
})

it('holds remote images back, keeps images inside the message, and drops styles that fetch', () => {
  const html = sanitizeMailHtml(
    '<img src="https://tracker.test/pixel.gif" alt="logo" width="1"><img src="data:image/png;base64,iVBORw0KGgo=">' +
      '<div style="color: red; background-image: url(https://tracker.test/bg)">Red</div><style>body{background:url(https://t.test)}</style>',
  )
  expect(html).toContain('<img alt="logo" width="1" data-remote-src="https://tracker.test/pixel.gif" />')
  expect(html).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" />')
  expect(html).toContain('<div style="color:red">Red</div>')
  expect(html).not.toMatch(/<img[^>]* src="https?:|url\(|<style/)
})
