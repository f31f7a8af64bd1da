package redact_test

import (
	"context"
	"fmt"

	"github.com/automem/automem/internal/redact"
)

func ExampleRedactor_Text() {
	r, err := redact.New(redact.Options{})
	if err != nil {
		panic(err)
	}
	out, findings, err := r.Text(context.Background(), `DATABASE_URL=postgres://app:hunter2hunter2@db.internal/app`)
	if err != nil {
		panic(err) // the caller sends redact.Withheld instead
	}
	fmt.Println(out)
	fmt.Println(findings)
	// Output:
	// DATABASE_URL=postgres://app:[REDACTED:url-password]@db.internal/app
	// [{url-password 1}]
}

func ExampleRedactor_Hook() {
	r, err := redact.New(redact.Options{MaxMessage: 64})
	if err != nil {
		panic(err)
	}
	var failures int
	red := r.Hook(context.Background(), func(error) { failures++ }, nil)
	fmt.Println(red(`{"password": "correct-horse-42"}`))
	fmt.Println(red(`a text longer than the 64 bytes this redactor accepts, so it is withheld`))
	fmt.Println(failures)
	// Output:
	// {"password": "[REDACTED:quoted-secret]"}
	// [automem: message withheld: redaction failed]
	// 1
}
