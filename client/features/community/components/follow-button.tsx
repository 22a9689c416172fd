import { UserCheck, UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import { communityMessages as c } from '../../../../domain/messages/community';
import { type ButtonSize, buttonClasses } from '../../../components/ui/button-styles';
import { useFollow } from '../api/follow';
import { refusalToast } from './refusal-toast';

/**
 * "S'abonner" / 'Se désabonner' (toasts 'Abonné', 'Désabonné', 'Erreur'). The
 * profile shows the change at once (useFollow); `onFollowed` lets a list mark the reader.
 */
export function FollowButton(props: {
  userId: string;
  following: boolean;
  size?: ButtonSize;
  onFollowed?: () => void;
}) {
  const { userId, following, size = 'sm' } = props;
  const follow = useFollow();
  const Icon = following ? UserCheck : UserPlus;
  return (
    <button
      type="button"
      // Not `disabled`: the button keeps the keyboard focus while the server answers.
      aria-disabled={follow.isPending || undefined}
      onClick={() => {
        if (follow.isPending) return;
        follow.mutate(
          { userId, follow: !following },
          {
            onSuccess: (state) => {
              toast.success(state.following ? c.followed : c.unfollowed);
              if (state.following) props.onFollowed?.();
            },
            onError: refusalToast,
          },
        );
      }}
      className={buttonClasses({ variant: following ? 'secondary' : 'primary', size })}
    >
      <Icon size={16} aria-hidden="true" />
      {following ? c.unfollow : c.follow}
    </button>
  );
}
