import { renderToString } from 'react-dom/server'
import { expect, it } from 'vitest'
import { useAuthContext } from './AuthProvider'
import { useServerStatus } from './ServerStatusProvider'
import { useSocket } from './SocketProvider'

// Each provider's hook names its provider when a component is rendered outside it (spec section 8).
it.each([
  ['useAuthContext', useAuthContext, 'useAuthContext context must be use inside AuthProvider'],
  ['useServerStatus', useServerStatus, 'useServerStatus must be used within a ServerStatusProvider'],
  ['useSocket', useSocket, 'useSocket must be used within a SocketProvider'],
])('%s throws its text outside its provider', (_name, hook, message) => {
  function Probe() {
    hook()
    return null
  }
  expect(() => renderToString(<Probe />)).toThrow(message)
})
