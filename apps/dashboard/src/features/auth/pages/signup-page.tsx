import type { SignupRequest } from '@convo/api';
import { ERROR_CODES, productOfVariant, validateEmail } from '@convo/domain';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { useConfig } from '../../../app/config/config-store';
import { PATHS } from '../../../app/routing/paths';
import { safeReferrer } from '../../../app/routing/referrer';
import { landingForSession } from '../../../app/routing/use-landing';
import { saveSession, useSession } from '../../../app/session/session-store';
import { storage } from '../../../app/storage/safe-storage';
import { STORAGE_KEYS } from '../../../app/storage/storage-keys';
import { toast, toastError } from '../../../app/toasts';
import { translateMessage } from '../../../app/translate-message';
import { AuthLayout } from '../../../components/auth-layout';
import { PasswordField } from '../../../components/password-field';
import { usePasswordRule } from '../../../components/use-password-rule';
import { type BigCommerceData, bigCommerceEmail } from '../../public-pages/bigcommerce';
import { fetchInvitationDetail } from '../../team/api/team-api';
import { useRoleNames } from '../../team/components/shared';
import { signup } from '../api/auth-api';
import { parseSignupParams } from '../lib/signup-params';

interface ShopifyData {
  shopUrl: string | null;
  shopifyAccessToken: string | null;
}

/** Stores what the signup link carries, so it survives a detour (e.g. to the login page and back). */
function rememberSignupParams(search: string): void {
  const params = parseSignupParams(search);
  if (params.shopify) {
    const shopify: ShopifyData = { shopUrl: params.shopUrl, shopifyAccessToken: params.shopifyAccessToken };
    storage.setJson(STORAGE_KEYS.shopify, shopify);
  }
  if (params.dealSource !== null) {
    storage.setItem(STORAGE_KEYS.signupSource, params.dealSource);
    if (params.dealCode !== null) storage.setItem(STORAGE_KEYS.dealCode, params.dealCode);
  }
}

export function SignupPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const session = useSession();
  const navigate = useNavigate();
  const { search } = useLocation();
  const params = useMemo(() => parseSignupParams(search), [search]);
  const invited = params.inviteToken !== null;
  const passwordRule = usePasswordRule();
  const { t: tTeam } = useTranslation('team');
  const roleName = useRoleNames();
  const invitation = useQuery({
    queryKey: ['invitation', params.inviteToken],
    queryFn: () => fetchInvitationDetail(params.inviteToken ?? ''),
    enabled: invited,
    retry: false,
  });

  useEffect(() => {
    rememberSignupParams(search);
  }, [search]);

  const form = useForm({
    // A BigCommerce install link (/bigcommerce) stored the store owner's e-mail.
    initialValues: {
      name: '',
      companyName: '',
      email: bigCommerceEmail(storage.getJson<Partial<BigCommerceData>>(STORAGE_KEYS.bigCommerce)),
      password: '',
    },
    validateInputOnChange: ['password'],
    validate: {
      name: (value) => (value.trim() === '' ? t('validation.required') : null),
      companyName: (value) => (!invited && value.trim() === '' ? t('validation.required') : null),
      email: (value) => {
        const result = validateEmail(value.trim());
        return result.ok ? null : translateMessage(result.message);
      },
      password: passwordRule,
    },
  });

  // The invitation names the address; the person keeps it (the server checks it too).
  const invitedEmail = invitation.data?.email;
  // biome-ignore lint/correctness/useExhaustiveDependencies: set once when the invitation arrives
  useEffect(() => {
    if (invitedEmail !== undefined) form.setFieldValue('email', invitedEmail);
  }, [invitedEmail]);

  const mutation = useMutation({
    mutationFn: signup,
    onSuccess: (created) => {
      saveSession(created);
      // A new company's owner is led into setup: SPEC §2 default view rule 2 sends the local
      // onboarding mark to /startingup until the guide is done or dismissed. An invited member
      // joins a workspace that is already set up.
      if (!invited) storage.setJson(STORAGE_KEYS.onboarding, { getStarted: true });
      // A sign-up from a store's install link connects that store (loaded only then).
      if (
        !invited &&
        (storage.getItem(STORAGE_KEYS.shopify) ?? storage.getItem(STORAGE_KEYS.bigCommerce)) !== null
      )
        void import('../../integrations/stores/connect-after-signup').then((m) =>
          m.connectStoresAfterSignup(),
        );
      const target =
        safeReferrer(storage.getItem(STORAGE_KEYS.referrer)) ?? landingForSession(created, config.variant);
      storage.removeItem(STORAGE_KEYS.referrer);
      toast.success(t('signup.welcome', { name: created.name }));
      navigate(target, { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === ERROR_CODES.USER_ALREADY_EXISTS) {
        form.setFieldError('email', t('signup.errors.userExists'));
        toast.error(t('signup.errors.userExists'));
      } else if (isApiError(error) && error.code === ERROR_CODES.INTERNAL_SERVER_ERROR) {
        toast.error(t('messages.retryAfterSomeTime'));
      } else {
        toastError(error);
      }
    },
  });

  // Signed in and not invited: back to where the user was headed, else the dashboard.
  if (session !== null && !invited && !mutation.isPending && !mutation.isSuccess) {
    const target =
      safeReferrer(storage.getItem(STORAGE_KEYS.referrer)) ?? landingForSession(session, config.variant);
    return <Navigate to={target} replace />;
  }

  const submit = form.onSubmit((values) => {
    const shopify = storage.getJson<ShopifyData>(STORAGE_KEYS.shopify);
    const signupSource = storage.getItem(STORAGE_KEYS.signupSource);
    const dealCode = storage.getItem(STORAGE_KEYS.dealCode);
    const email = values.email.trim().toLowerCase();
    const body: SignupRequest = {
      userName: email,
      email,
      password: values.password,
      name: values.name.trim(),
      loginType: 'email',
      product: productOfVariant(config.variant),
      ...(invited ? {} : { companyName: values.companyName.trim() }),
      ...(params.inviteToken === null ? {} : { inviteToken: params.inviteToken }),
      ...(signupSource === null ? {} : { signupSource }),
      ...(dealCode === null ? {} : { dealCode }),
      ...(shopify?.shopUrl == null ? {} : { shop: shopify.shopUrl, billingPlatform: 'shopify' as const }),
    };
    mutation.mutate(body);
  });

  return (
    <AuthLayout
      title={
        invitation.data !== undefined
          ? tTeam('invite.joinTitle', { company: invitation.data.companyName })
          : invited
            ? t('signup.invitedTitle')
            : t('signup.title')
      }
      subtitle={t('signup.subtitle', { context: config.variant })}
      width={480}
    >
      {params.dealSource !== null && (
        <Alert color="grape" variant="light" data-testid="deal-banner">
          {t('signup.dealBanner')}
        </Alert>
      )}
      {invitation.data !== undefined && (
        <Alert variant="light" data-testid="invitation-banner">
          {invitation.data.invitedByName !== null
            ? tTeam('invite.joinBody', {
                inviter: invitation.data.invitedByName,
                role: roleName(invitation.data.roleType),
              })
            : tTeam('invite.joinBodyNoInviter', { role: roleName(invitation.data.roleType) })}
        </Alert>
      )}
      {invitation.isError && (
        <Alert color="red" variant="light" role="alert">
          {tTeam('invite.linkInvalid')}
        </Alert>
      )}
      {params.shopify && (
        <Alert color="green" variant="light">
          {t('signup.shopifyBanner', { shop: params.shopUrl ?? '' })}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('signup.name')} autoComplete="name" required {...form.getInputProps('name')} />
          {!invited && (
            <TextInput
              label={t('signup.companyName')}
              autoComplete="organization"
              required
              {...form.getInputProps('companyName')}
            />
          )}
          <TextInput
            label={t('signup.email')}
            type="email"
            autoComplete="email"
            required
            readOnly={invitedEmail !== undefined}
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('signup.password')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={mutation.isPending}>
            {t('signup.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t('signup.haveAccount')}{' '}
        <Anchor component={Link} to={PATHS.login}>
          {t('signup.logIn')}
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
