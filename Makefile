# Convenience wrappers around dev.sh (the README's Quick start uses dev.sh directly, so
# that a fresh machine needs nothing but bash).
.PHONY: demo test build format
demo:
	./dev.sh demo
test:
	./dev.sh test
build:
	./dev.sh build
format:
	git ls-files '*.h' '*.cc' | xargs clang-format -i
