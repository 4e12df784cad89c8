import { ActionIcon, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useRef, useState, type DragEvent } from 'react';
import type { UploadedFile } from '../model/draft';
import { formatFileSize } from '@/lib/format';
import { ACCEPT_ATTRIBUTE } from '../model/files';
import type { PendingUpload } from '../hooks/use-file-uploads';
import classes from './file-upload.module.css';

type Props = {
  uploaded: readonly UploadedFile[];
  pending: readonly PendingUpload[];
  onAdd: (files: File[]) => void;
  onRemoveUploaded: (id: string) => void;
  onRemovePending: (key: string) => void;
  error?: string;
};

/** Drag-and-drop or pick, several files, a progress bar per file, remove; Russian reasons for refusals. */
export function FileUpload(props: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    props.onAdd([...event.dataTransfer.files]);
  };

  return (
    <Stack gap="xs">
      <div
        className={classes.dropzone}
        data-dragging={isDragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Text size="sm" ta="center">
          Перетащите сюда сканы или фото документов
        </Text>
        <Text size="xs" c="gray.7" ta="center">
          PDF, JPG, PNG, HEIC, Word — до 20 МБ каждый
        </Text>
        <Button variant="light" mt="xs" onClick={() => inputRef.current?.click()}>
          Выбрать файлы
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          className={classes.input}
          aria-label="Файлы документов"
          data-testid="file-input"
          tabIndex={-1}
          onChange={(event) => {
            props.onAdd([...(event.currentTarget.files ?? [])]);
            event.currentTarget.value = '';
          }}
        />
      </div>
      {props.error ? (
        <Text size="sm" c="red.9" role="alert">
          {props.error}
        </Text>
      ) : null}
      <ul className={classes.list} aria-label="Загруженные файлы">
        {props.uploaded.map((file) => (
          <li key={file.id} className={classes.item} data-testid="uploaded-file">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div className={classes.name}>
                <Text size="sm" truncate>
                  {file.name}
                </Text>
                <Text size="xs" c="gray.7">
                  {formatFileSize(file.size)} · загружен
                </Text>
              </div>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={`Удалить файл ${file.name}`}
                onClick={() => props.onRemoveUploaded(file.id)}
              >
                <span aria-hidden>✕</span>
              </ActionIcon>
            </Group>
            <Progress value={100} size="sm" color="green.8" aria-label={`Загрузка ${file.name}`} mt={4} />
          </li>
        ))}
        {props.pending.map((item) => (
          <li key={item.key} className={classes.item} data-testid="pending-file">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div className={classes.name}>
                <Text size="sm" truncate>
                  {item.name}
                </Text>
                {item.error ? (
                  <Text size="xs" c="red.9" role="alert">
                    {item.error}
                  </Text>
                ) : (
                  <Text size="xs" c="gray.7">
                    {formatFileSize(item.size)} · {item.progress}%
                  </Text>
                )}
              </div>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={item.error ? `Убрать ${item.name}` : `Отменить загрузку ${item.name}`}
                onClick={() => props.onRemovePending(item.key)}
              >
                <span aria-hidden>✕</span>
              </ActionIcon>
            </Group>
            {item.error ? null : (
              <Progress
                value={item.progress}
                size="sm"
                aria-label={`Загрузка ${item.name}`}
                mt={4}
                animated
              />
            )}
          </li>
        ))}
      </ul>
    </Stack>
  );
}
