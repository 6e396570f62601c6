// Filled in by the feature that owns it.
export {}
