// @convo/domain/access: the one authorization policy (can) and the sign-up block by e-mail domain:
// rules that combine accounts and billing. Other contexts import this one only through this file.

export * from './policy';
export * from './signup-block';
