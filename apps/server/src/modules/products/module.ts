// Products and their public rooms. Other modules use only this file; app.ts assembles the rest.

export { seedProductRoom } from './demo.ts'
export { publishedProduct } from './room.ts'
export { PRODUCT_NOT_FOUND } from './service.ts'
