#!/usr/bin/env bash
# package.sh COURSE [NETID]: writes dist/ archives of what each course's
# submission asks for, by delegating to scripts/package_<course>.sh.
# COURSE is one of: congo, morris, minichess, starcircle.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ]; then
	echo "usage: scripts/package.sh congo|morris|minichess|starcircle [NETID]" >&2
	exit 2
fi
course="$1"
shift
script="scripts/package_${course}.sh"
case "$course" in
congo | morris | minichess | starcircle) ;;
*)
	echo "package.sh: unknown course \"$course\" (want congo, morris, minichess or starcircle)" >&2
	exit 2
	;;
esac
if [ ! -x "$script" ]; then
	echo "package.sh: packaging for $course is not available yet ($script missing)" >&2
	exit 2
fi
exec "$script" "$@"
