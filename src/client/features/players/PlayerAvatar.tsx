import { Avatar, type AvatarProps } from '@mantine/core';
import { photoUrl } from '../../../shared/paths';

/** The profile photo, or the player's initials when there is none (or it cannot load). */
export function PlayerAvatar({
  player,
  ...props
}: { player: { first_name: string; last_name: string; profile_img: string | null } } & AvatarProps) {
  const initials = `${player.first_name[0] ?? ''}${player.last_name[0] ?? ''}`.toUpperCase();
  return (
    <Avatar src={photoUrl(player.profile_img)} alt={`${player.first_name} ${player.last_name}`} color="blue" radius="xl" {...props}>
      {initials}
    </Avatar>
  );
}
