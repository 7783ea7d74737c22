import { Button, useMatches } from '@mantine/core';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { insightsLoginSchema } from '@krowd/domain/insights/insights-visitors.schema';
import { messages } from '@krowd/domain/messages/messages';
import { AuthForm, EmailInput } from '@/components/ui/auth-form';
import { AuthLayout } from '@/components/ui/auth-layout';
import { FormStatus } from '@/components/ui/form-status';
import { useServerSubmit, useZodForm } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { useLoginInsightsVisitor } from '../api/login-insights-visitor.ts';
import { insightsPassStore } from '../insights-pass.ts';
import { BrandSearchSelect, type BrandOption } from './brand-search-select.tsx';

const m = messages.insightsWeb;

/**
 * /getinsights/{code} (spec 3 §2.7, §5): e-mail and a searchable brand select; Login keeps the pass
 * the server answers and goes to /socialanalytics, under the heading 'Customer Acquisition
 * Marketplace'.
 */
export function InsightsLoginPage() {
  const navigate = useNavigate();
  const login = useLoginInsightsVisitor();
  const form = useZodForm(insightsLoginSchema, { email: '', brandId: '' });
  const { errors } = form.formState;
  // The sign-in layout's side panel carries the spec's heading from md up; below it the card does.
  const cardTitle = useMatches({ base: messages.insightsWeb.loginHeading, md: messages.insights.title });
  const [chosen, setChosen] = useState<BrandOption | null>(null);

  const { status, onSubmit: handleSubmit } = useServerSubmit(form, async (values) => {
    const answer = await login.mutateAsync(values);
    insightsPassStore.save({
      _id: answer._id,
      insightsPass: answer.insightsPass,
      email: answer.email,
      brandId: answer.brandId,
      brandName: answer.brandName,
    });
    await navigate(paths.socialAnalytics);
  });

  return (
    <AuthLayout title={cardTitle} subtitle={m.loginIntro}>
      <AuthForm onSubmit={handleSubmit}>
        <EmailInput
          label={m.email}
          placeholder="you@company.com"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Controller
          control={form.control}
          name="brandId"
          render={({ field }) => (
            <BrandSearchSelect
              label={m.brand}
              value={chosen}
              onChange={(brand) => {
                setChosen(brand);
                field.onChange(brand?.value ?? '');
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errors.brandId?.message}
            />
          )}
        />
        <Button type="submit" fullWidth loading={login.isPending}>
          {m.login}
        </Button>
        <FormStatus message={status} />
      </AuthForm>
    </AuthLayout>
  );
}
