import { Button, Card, CardHeader, Text } from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';

/** An area that failed: what happened and a retry, in place, while the rest of the portal keeps working. */
export function ErrorCard({
  title,
  message,
  retryLabel,
  onRetry,
  detail,
  back,
}: {
  title: string;
  message: string;
  retryLabel?: string;
  onRetry?: () => void;
  detail?: ReactNode;
  /** A way out when retrying cannot help, e.g. a record that does not exist. */
  back?: { label: string; onClick: () => void };
}) {
  return (
    <Card role="alert" style={{ maxWidth: 560, margin: '48px auto' }}>
      <CardHeader
        image={<ErrorCircleRegular fontSize={32} />}
        header={
          <Text weight="semibold" size={500}>
            {title}
          </Text>
        }
      />
      <Text>{message}</Text>
      {detail}
      {onRetry || back ? (
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {onRetry ? (
            <Button appearance="primary" onClick={onRetry}>
              {retryLabel ?? 'Reintentar'}
            </Button>
          ) : null}
          {back ? <Button onClick={back.onClick}>{back.label}</Button> : null}
        </div>
      ) : null}
    </Card>
  );
}
