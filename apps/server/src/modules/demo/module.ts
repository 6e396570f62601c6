// The demo organization a new install can start from. Other modules (and their tests) use only this file.
export { DEMO_OWNER_EMAIL, DEMO_PASSWORD, seedDemo } from './seed.ts'
