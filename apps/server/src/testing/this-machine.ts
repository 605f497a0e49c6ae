// The provider fakes and local servers that tests, benches and the e2e server call listen on this
// machine, whose addresses the outbound guard refuses to tenants' URLs by default: every harness
// allows them as a deployment allows its own network (OUTBOUND_ALLOW).

export const THIS_MACHINE = ['127.0.0.0/8', '::1', 'localhost'] as const;

/** THIS_MACHINE as OUTBOUND_ALLOW's value. */
export const THIS_MACHINE_ALLOW = THIS_MACHINE.join(',');
