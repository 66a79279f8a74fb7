import { CircleAlert, LoaderCircle, UserMinus, UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { ConjunctionDetail, ConjunctionPatchRequest } from '@contracts/conjunction-events.ts';
import { AlertStatusBadge } from '@/components/alerts/alert-status-badge';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailField } from '@/components/ui/detail-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ALERT_STATUS_LABELS, alertActions, formatAssignee } from '@/lib/alert-status';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/queries/auth';
import { usePatchConjunction } from '@/queries/conjunction-events';
import { useUsers } from '@/queries/users';

/** The API's limits (ConjunctionPatchRequest). */
const MAX_COMMENT = 2000;
const MAX_ASSIGNEE = 64;

export const VIEWER_NOTE = 'Viewers can follow the alert; an operator moves, assigns and comments on it.';

/**
 * Where the operator stands with the alert (issue 29): its status and assignee, the decision, and for an operator
 * the moves the server allows now (ConjunctionDetail.allowedStatuses, one button each), a comment sent with the move
 * (or alone), and the assignee (the accounts' usernames offered to an admin, who may read GET /api/users; typed
 * otherwise) with Unassign. Each sends PATCH /api/conjunctions/{id}; the server's refusal (409: the allowed moves,
 * 400: an unknown user) is shown as it sends it. A viewer sees the state and no controls (the server refuses their
 * writes anyway).
 */
export function AlertHandlingCard({ event }: { event: ConjunctionDetail }) {
  const titleId = useId();
  const { data: session } = useSession();
  // Without accounts the server's local user is an admin; until the session is known the controls show (the server decides).
  const role = session?.user?.role;
  const mayWrite = role !== 'viewer';
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId}>Alert handling</CardTitle>
        <CardDescription>Who handles the alert and where it stands: new → acknowledged → assessing → a decision → closed.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5 text-sm">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3">
          <DetailField label="Alert status">
            <AlertStatusBadge status={event.alertStatus} />
          </DetailField>
          <DetailField label="Assignee">{formatAssignee(event.assignee)}</DetailField>
          <DetailField label="Decision">{event.decision ? ALERT_STATUS_LABELS[event.decision] : 'None yet'}</DetailField>
        </dl>
        {mayWrite ? <AlertControls key={event.conjunctionId} event={event} mayListUsers={role === 'admin'} /> : <p className="text-muted-foreground">{VIEWER_NOTE}</p>}
      </CardContent>
    </Card>
  );
}

function AlertControls({ event, mayListUsers }: { event: ConjunctionDetail; mayListUsers: boolean }) {
  const id = useId();
  const patch = usePatchConjunction(event.conjunctionId);
  const users = useUsers(mayListUsers);
  const [comment, setComment] = useState('');
  const [assignee, setAssignee] = useState(event.assignee ?? '');
  const actions = alertActions(event.alertStatus, event.allowedStatuses);
  const trimmedComment = comment.trim();

  const send = (body: ConjunctionPatchRequest, after?: () => void) => {
    patch.mutate(body, {
      onSuccess: () => {
        setComment('');
        after?.();
      },
    });
  };
  const withComment = (body: ConjunctionPatchRequest): ConjunctionPatchRequest => (trimmedComment ? { ...body, comment: trimmedComment } : body);

  const assign = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const name = assignee.trim();
    if (name) send(withComment({ assignee: name }));
  };

  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <span id={`${id}-moves`} className="text-sm font-medium leading-none">
          Move the alert
        </span>
        {actions.length === 0 ? (
          <p className="text-muted-foreground">No move is open from {ALERT_STATUS_LABELS[event.alertStatus]}.</p>
        ) : (
          <div role="group" aria-labelledby={`${id}-moves`} className="flex flex-wrap gap-2">
            {actions.map((action) => (
              <Button key={action.status} type="button" size="sm" variant={action.status === 'closed' ? 'outline' : 'default'} disabled={patch.isPending} onClick={() => send(withComment({ status: action.status }))}>
                {action.label}
              </Button>
            ))}
          </div>
        )}
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-comment`}>Comment</Label>
        <textarea
          id={`${id}-comment`}
          value={comment}
          maxLength={MAX_COMMENT}
          rows={2}
          onChange={(changeEvent) => setComment(changeEvent.target.value)}
          className="flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
          placeholder="Why: kept with the next move or assignment, or added alone"
        />
        <div className="flex justify-end">
          <Button type="button" size="sm" variant="outline" disabled={patch.isPending || !trimmedComment} onClick={() => send({ comment: trimmedComment })}>
            Add comment
          </Button>
        </div>
      </div>
      <form onSubmit={assign} className="space-y-1">
        <Label htmlFor={`${id}-assignee`}>Assignee</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={`${id}-assignee`}
            list={`${id}-users`}
            autoComplete="off"
            maxLength={MAX_ASSIGNEE}
            placeholder={mayListUsers ? 'Pick or type a username' : 'Username'}
            value={assignee}
            onChange={(changeEvent) => setAssignee(changeEvent.target.value)}
            className="h-9 w-56"
          />
          <datalist id={`${id}-users`}>
            {(users.data ?? []).map((user) => (
              <option key={user.id} value={user.username}>{`${user.username} (${user.role})`}</option>
            ))}
          </datalist>
          <Button type="submit" size="sm" disabled={patch.isPending || !assignee.trim() || assignee.trim() === event.assignee}>
            <UserPlus aria-hidden="true" />
            Assign
          </Button>
          <Button type="button" size="sm" variant="outline" disabled={patch.isPending || event.assignee === null} onClick={() => send(withComment({ assignee: null }), () => setAssignee(''))}>
            <UserMinus aria-hidden="true" />
            Unassign
          </Button>
        </div>
      </form>
      {patch.isPending && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          Saving…
        </p>
      )}
      {patch.error && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{errorMessage(patch.error) ?? 'The change was not saved'}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}
