import { openPglite } from './client.ts'

// `node create.ts <directory>`: creates and migrates the embedded database there, then exits, taking the
// memory of PostgreSQL's initdb with it (db/client.ts runs it on a first start).

const directory = process.argv[2]
if (!directory) throw new Error('usage: node create.ts <directory>')
const database = await openPglite(directory)
await database.close()
