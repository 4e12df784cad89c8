import { MESSAGES, POINT_PHOTO_ACCEPT, POINT_PHOTO_LIMITS, type Point } from '@app/contracts';
import { ActionIcon, Button, Group, Image, Popover, SimpleGrid, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { showSuccessToast, showToast } from '@/lib/notify';
import { useDeletePointPhoto, useUploadPointPhoto } from '../api/partners';

function rejectionMessage(rejection: FileRejection): string {
  const code = rejection.errors[0]?.code;
  if (code === 'file-too-large') return `${rejection.file.name}: ${MESSAGES.pointPhotoTooLarge}`;
  return `${rejection.file.name}: ${MESSAGES.pointPhotoNotImage}`;
}

function PhotoTile(props: {
  url: string;
  alt: string;
  index: number;
  isRemoving: boolean;
  onRemove: () => Promise<unknown>;
}) {
  const [isConfirming, setConfirming] = useState(false);
  return (
    <div style={{ position: 'relative' }}>
      <Image src={props.url} alt={props.alt} h={96} radius="sm" fit="cover" loading="lazy" />
      <Popover
        width={240}
        opened={isConfirming}
        onChange={setConfirming}
        trapFocus
        returnFocus
        withArrow
        position="bottom"
      >
        <Popover.Target>
          <ActionIcon
            variant="filled"
            color="red"
            size="sm"
            aria-label={`Удалить фото ${props.index + 1}`}
            onClick={() => setConfirming((value) => !value)}
            style={{ position: 'absolute', top: 4, right: 4 }}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <Text size="sm">Удалить фото? Клиенты больше не увидят его.</Text>
            <Group gap="xs" justify="flex-end">
              <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                Отмена
              </Button>
              <Button
                size="xs"
                color="red"
                loading={props.isRemoving}
                onClick={() =>
                  void props.onRemove().then(
                    () => setConfirming(false),
                    () => undefined,
                  )
                }
              >
                Удалить
              </Button>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </div>
  );
}

/** Photos of one point: upload (drag and drop or keyboard: Enter opens the file dialog), preview, remove. */
export function PointPhotos({ point, partnerId }: { point: Point; partnerId: string }) {
  const upload = useUploadPointPhoto(partnerId);
  const remove = useDeletePointPhoto(partnerId);
  const [uploading, setUploading] = useState(0);
  const free = POINT_PHOTO_LIMITS.maxPerPoint - point.photos.length;

  const uploadAll = async (files: File[]) => {
    if (files.length > free) {
      showToast({ kind: 'warning', message: MESSAGES.pointPhotoLimit });
    }
    const accepted = files.slice(0, Math.max(free, 0));
    setUploading(accepted.length);
    let done = 0;
    for (const file of accepted) {
      try {
        await upload.mutateAsync({ pointId: point.id, file });
        done += 1;
      } catch {
        // The global handler already showed the server's message.
      } finally {
        setUploading((left) => left - 1);
      }
    }
    if (done > 0) showSuccessToast(done === 1 ? 'Фотография добавлена' : `Добавлено фотографий: ${done}`);
  };

  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Фотографии ({point.photos.length} из {POINT_PHOTO_LIMITS.maxPerPoint})
      </Text>
      {point.photos.length > 0 ? (
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs" data-testid="point-photos">
          {point.photos.map((url, index) => (
            <PhotoTile
              key={url}
              url={url}
              alt={`Фото ${index + 1} пункта «${point.name}»`}
              index={index}
              onRemove={() =>
                remove
                  .mutateAsync({ pointId: point.id, photo: url })
                  .then(() => showSuccessToast('Фотография удалена'))
              }
              isRemoving={remove.isPending && remove.variables?.photo === url}
            />
          ))}
        </SimpleGrid>
      ) : null}
      {free > 0 ? (
        <Dropzone
          onDrop={(files) => void uploadAll(files)}
          onReject={(rejections) =>
            rejections.forEach((rejection) =>
              showToast({ kind: 'warning', message: rejectionMessage(rejection) }),
            )
          }
          accept={[...POINT_PHOTO_ACCEPT]}
          maxSize={POINT_PHOTO_LIMITS.maxBytes}
          loading={uploading > 0}
          aria-label="Добавить фотографии"
          data-testid="point-photo-dropzone"
          p="md"
        >
          <Group justify="center" gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
            <IconPhotoPlus size={28} stroke={1.5} />
            <div>
              <Text size="sm">Перетащите фотографии сюда или нажмите, чтобы выбрать</Text>
              <Text size="xs" c="dimmed">
                JPG, PNG, WebP или HEIC до 10 МБ; сохраним уменьшенную копию без геометок
              </Text>
            </div>
          </Group>
        </Dropzone>
      ) : (
        <Text size="sm" c="dimmed">
          Достигнут предел — удалите фото, чтобы добавить новое.
        </Text>
      )}
    </Stack>
  );
}
