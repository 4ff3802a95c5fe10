//! Lesson files: the YAML a teacher writes, checked and turned into a validated lesson.
